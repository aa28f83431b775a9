import { useEffect, useRef, useState, type KeyboardEvent } from 'react'

export interface ConfirmButtonProps {
  /** The button's text, e.g. "Remove Ada". */
  label: string
  /** Asked in the button's place, e.g. "Remove Ada from Acme?". */
  question: string
  /** The confirming button's text, e.g. "Yes, remove". */
  confirmLabel: string
  onConfirm(): void
}

/**
 * A destructive action asked twice, inline: the button, then the question with the confirming
 * button and Cancel in its place. Focus goes to Cancel (Enter there changes nothing), Escape
 * cancels, and focus comes back to the button.
 */
export function ConfirmButton({ label, question, confirmLabel, onConfirm }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const answered = useRef(false)

  useEffect(() => {
    if (asking) cancelRef.current?.focus()
    else if (answered.current) buttonRef.current?.focus()
  }, [asking])

  const close = () => {
    answered.current = true
    setAsking(false)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close()
  }

  if (!asking) {
    return (
      <button ref={buttonRef} type="button" onClick={() => setAsking(true)}>
        {label}
      </button>
    )
  }
  return (
    <span role="group" aria-label={question} className="confirm-inline" onKeyDown={onKeyDown}>
      <span>{question}</span>
      <button
        type="button"
        className="danger"
        onClick={() => {
          close()
          onConfirm()
        }}
      >
        {confirmLabel}
      </button>
      <button ref={cancelRef} type="button" onClick={close}>
        Cancel
      </button>
    </span>
  )
}
