import { describe, expect, it } from 'vitest'
import { changedPlacements, chartHeightPx, flowLayout, movePanel, orderFromCells, resizePanel } from './panel-layout.ts'

const panel = (id: string, width: number, height = 4) => ({ id, width, height })

describe('flowLayout', () => {
  it('places panels left to right and wraps a row under its tallest panel', () => {
    expect(flowLayout([panel('a', 2, 5), panel('b', 2), panel('c', 3), panel('d', 1, 6), panel('e', 4)])).toEqual([
      { i: 'a', x: 0, y: 0, w: 2, h: 5 },
      { i: 'b', x: 2, y: 0, w: 2, h: 4 },
      { i: 'c', x: 0, y: 5, w: 3, h: 4 },
      { i: 'd', x: 3, y: 5, w: 1, h: 6 },
      { i: 'e', x: 0, y: 11, w: 4, h: 4 },
    ])
  })

  it('stacks every panel in one column, one under the other, keeping heights', () => {
    expect(flowLayout([panel('a', 2, 5), panel('b', 4), panel('c', 1, 3)], 1)).toEqual([
      { i: 'a', x: 0, y: 0, w: 1, h: 5 },
      { i: 'b', x: 0, y: 5, w: 1, h: 4 },
      { i: 'c', x: 0, y: 9, w: 1, h: 3 },
    ])
  })
})

describe('orderFromCells', () => {
  it('reads cells top to bottom, then left to right, with their sizes', () => {
    const cells = [
      { i: 'low', x: 0, y: 8, w: 4, h: 3 },
      { i: 'right', x: 2, y: 0, w: 2, h: 4 },
      { i: 'left', x: 0, y: 0, w: 2, h: 8 },
    ]
    expect(orderFromCells(cells)).toEqual([panel('left', 2, 8), panel('right', 2, 4), panel('low', 4, 3)])
  })

  it('gives back the order and sizes it was laid out from', () => {
    const panels = [panel('a', 1, 3), panel('b', 3, 7), panel('c', 4), panel('d', 2, 12), panel('e', 2)]
    expect(orderFromCells(flowLayout(panels))).toEqual(panels)
  })
})

describe('changedPlacements', () => {
  const before = [
    { ...panel('a', 2), position: 0 },
    { ...panel('b', 2), position: 1 },
    { ...panel('c', 2), position: 2 },
  ]

  it('answers only the panels whose position or size changed, positions numbered 0…n-1', () => {
    expect(changedPlacements(before, [panel('b', 2), panel('a', 2), panel('c', 2, 6)])).toEqual([
      { ...panel('b', 2), position: 0 },
      { ...panel('a', 2), position: 1 },
      { ...panel('c', 2, 6), position: 2 },
    ])
    expect(changedPlacements(before, before)).toEqual([])
  })

  it('renumbers positions left equal by concurrent edits', () => {
    const tied = before.map((p) => ({ ...p, position: 0 }))
    expect(changedPlacements(tied, tied).map((p) => [p.id, p.position])).toEqual([
      ['b', 1],
      ['c', 2],
    ])
  })
})

describe('movePanel and resizePanel', () => {
  it('swaps a panel with its neighbour and keeps the order at either end', () => {
    expect(movePanel(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(movePanel(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
  })

  it('keeps width within 1–4 columns and height within 3–12 rows', () => {
    expect(resizePanel(panel('a', 4), 'width', 1).width).toBe(4)
    expect(resizePanel(panel('a', 2), 'width', -1).width).toBe(1)
    expect(resizePanel(panel('a', 2, 3), 'height', -1).height).toBe(3)
    expect(resizePanel(panel('a', 2, 11), 'height', 1).height).toBe(12)
  })
})

describe('chartHeightPx', () => {
  it('draws the usual 180 px chart at 4 rows, and a row and its gap more or less per row', () => {
    expect([3, 4, 5, 12].map(chartHeightPx)).toEqual([104, 180, 256, 788])
  })
})
