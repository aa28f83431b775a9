import { useMutation } from '@apollo/client/react'
import { useState } from 'react'
import { RemovePanelDocument, SetPanelWidthDocument, SwapPanelsDocument, type PanelFieldsFragment } from '../../gql/graphql.ts'
import { toAppError, type AppError } from '../../lib/error-catalogue.ts'

export interface PanelEdits {
  /** The last edit's error, cleared when the next one starts. */
  error: AppError | null
  move(index: number, by: -1 | 1): Promise<void>
  resize(panel: PanelFieldsFragment, by: -1 | 1): Promise<void>
  /** Asks first; removes the panel once confirmed. */
  remove(panel: PanelFieldsFragment): void
}

/** Moving, resizing and removing a dashboard's panels (listed in their order). */
export function usePanelEdits(panels: readonly PanelFieldsFragment[]): PanelEdits {
  const [error, setError] = useState<AppError | null>(null)
  const [removePanel] = useMutation(RemovePanelDocument)
  const [swapPanels] = useMutation(SwapPanelsDocument)
  const [setPanelWidth] = useMutation(SetPanelWidthDocument)

  async function run(action: () => Promise<unknown>) {
    setError(null)
    try {
      await action()
    } catch (caught) {
      setError(toAppError(caught))
    }
  }

  return {
    error,
    // Positions are normalised to the list order on every move, so duplicates left by concurrent
    // edits sort themselves out.
    move: (index, by) =>
      run(() => {
        const a = panels[index]!
        const b = panels[index + by]!
        return swapPanels({ variables: { firstId: a.id, firstPosition: index + by, secondId: b.id, secondPosition: index } })
      }),
    resize: (panel, by) => run(() => setPanelWidth({ variables: { id: panel.id, width: panel.width + by } })),
    remove: (panel) => {
      if (!globalThis.confirm(`Remove the panel "${panel.title || panel.metric.name}"?`)) return
      void run(() => removePanel({ variables: { id: panel.id } }))
    },
  }
}
