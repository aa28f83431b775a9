/** A member's avatar, or their initial when they have none. */
export function Avatar({ url, name }: { url: string | null | undefined; name: string }) {
  if (url) return <img className="avatar" src={url} alt="" width={28} height={28} />
  return (
    <span className="avatar avatar-initial" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}
