import { MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH } from '../../../panels/panel-layout.ts'

export interface PanelEditToolbarProps {
  /** The panel's title, as the buttons' labels name it. */
  label: string
  first: boolean
  last: boolean
  width: number
  height: number
  onMove(by: -1 | 1): void
  onResize(axis: 'width' | 'height', by: -1 | 1): void
  onRemove(): void
}

/**
 * A panel's controls in edit mode, the keyboard's way to do what dragging does: move it earlier
 * or later, make it narrower or wider (1 to 4 columns), shorter or taller (3 to 12 rows), remove it.
 */
export function PanelEditToolbar({ label, first, last, width, height, onMove, onResize, onRemove }: PanelEditToolbarProps) {
  return (
    <div className="panel-actions">
      <button type="button" className="small" disabled={first} onClick={() => onMove(-1)} aria-label={`Move ${label} earlier`}>
        ↑ Earlier
      </button>
      <button type="button" className="small" disabled={last} onClick={() => onMove(1)} aria-label={`Move ${label} later`}>
        ↓ Later
      </button>
      <button
        type="button"
        className="small"
        disabled={width <= MIN_WIDTH}
        onClick={() => onResize('width', -1)}
        aria-label={`Make ${label} narrower`}
      >
        Narrower
      </button>
      <button
        type="button"
        className="small"
        disabled={width >= MAX_WIDTH}
        onClick={() => onResize('width', 1)}
        aria-label={`Make ${label} wider`}
      >
        Wider
      </button>
      <button
        type="button"
        className="small"
        disabled={height <= MIN_HEIGHT}
        onClick={() => onResize('height', -1)}
        aria-label={`Make ${label} shorter`}
      >
        Shorter
      </button>
      <button
        type="button"
        className="small"
        disabled={height >= MAX_HEIGHT}
        onClick={() => onResize('height', 1)}
        aria-label={`Make ${label} taller`}
      >
        Taller
      </button>
      <button type="button" className="small danger" onClick={onRemove} aria-label={`Remove ${label}`}>
        Remove
      </button>
    </div>
  )
}
