export interface PanelEditToolbarProps {
  /** The panel's title, as the buttons' labels name it. */
  label: string
  first: boolean
  last: boolean
  width: number
  onMove(by: -1 | 1): void
  onResize(by: -1 | 1): void
  onRemove(): void
}

/** A panel's controls in edit mode: move it earlier or later, make it narrower or wider (1 to 4 columns), remove it. */
export function PanelEditToolbar({ label, first, last, width, onMove, onResize, onRemove }: PanelEditToolbarProps) {
  return (
    <div className="panel-actions">
      <button type="button" className="small" disabled={first} onClick={() => onMove(-1)} aria-label={`Move ${label} earlier`}>
        ↑ Earlier
      </button>
      <button type="button" className="small" disabled={last} onClick={() => onMove(1)} aria-label={`Move ${label} later`}>
        ↓ Later
      </button>
      <button type="button" className="small" disabled={width <= 1} onClick={() => onResize(-1)} aria-label={`Make ${label} narrower`}>
        Narrower
      </button>
      <button type="button" className="small" disabled={width >= 4} onClick={() => onResize(1)} aria-label={`Make ${label} wider`}>
        Wider
      </button>
      <button type="button" className="small danger" onClick={onRemove} aria-label={`Remove ${label}`}>
        Remove
      </button>
    </div>
  )
}
