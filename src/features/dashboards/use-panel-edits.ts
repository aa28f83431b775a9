import { useMutation } from '@apollo/client/react'
import { useState } from 'react'
import { RemovePanelDocument, SavePanelLayoutDocument, type PanelFieldsFragment } from '../../gql/graphql.ts'
import { toAppError, type AppError } from '../../lib/error-catalogue.ts'
import { changedPlacements, movePanel, resizePanel, type PanelSize } from '../../panels/panel-layout.ts'

export interface PanelEdits {
  /** The last edit's error, cleared when the next one starts. */
  error: AppError | null
  /** Saves a whole new layout (panels in their new order, with sizes): after a drag or a resize. */
  saveLayout(layout: readonly PanelSize[]): Promise<void>
  move(index: number, by: -1 | 1): Promise<void>
  resize(index: number, axis: 'width' | 'height', by: -1 | 1): Promise<void>
  /** Asks first; removes the panel once confirmed. */
  remove(panel: PanelFieldsFragment): void
}

/**
 * Arranging and removing a dashboard's panels (listed in their order). Every arrangement is
 * saved as one `update_panels_many` of the panels it changed, so a drag that reorders many
 * panels is one transaction.
 */
export function usePanelEdits(panels: readonly PanelFieldsFragment[]): PanelEdits {
  const [error, setError] = useState<AppError | null>(null)
  const [removePanel] = useMutation(RemovePanelDocument)
  const [savePanelLayout] = useMutation(SavePanelLayoutDocument)

  async function run(action: () => Promise<unknown>) {
    setError(null)
    try {
      await action()
    } catch (caught) {
      setError(toAppError(caught))
    }
  }

  async function saveLayout(layout: readonly PanelSize[]) {
    const changed = changedPlacements(panels, layout)
    if (changed.length === 0) return
    await run(() =>
      savePanelLayout({
        variables: {
          updates: changed.map(({ id, position, width, height }) => ({ where: { id: { _eq: id } }, _set: { position, width, height } })),
        },
      }),
    )
  }

  return {
    error,
    saveLayout,
    move: (index, by) => saveLayout(movePanel(panels, index, by)),
    resize: (index, axis, by) => saveLayout(panels.map((panel, at) => (at === index ? resizePanel(panel, axis, by) : panel))),
    remove: (panel) => {
      if (!globalThis.confirm(`Remove the panel "${panel.title || panel.metric.name}"?`)) return
      void run(() => removePanel({ variables: { id: panel.id } }))
    },
  }
}
