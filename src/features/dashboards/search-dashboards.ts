/** Lower case without accents, so that "meteo" finds "Météo". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

/** Whether every word of `search` appears in the dashboard's title or description. */
export function matchesSearch(dashboard: { title: string; description: string }, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const text = fold(`${dashboard.title}\n${dashboard.description}`)
  return words.every((word) => text.includes(word))
}
