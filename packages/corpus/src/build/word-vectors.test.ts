import { describe, expect, it } from 'vitest'
import { reduceWordVectors } from './word-vectors.ts'

const embeddings = {
  dimensions: 3,
  // Frequency order, as GloVe's file has it: stop words, punctuation and numbers are no terms.
  words: ['the', ',', 'gloves', 'glove', 'boot', '1999', 'x', 'pipe', 'endotracheal'],
  vectors: {
    the: [0, 0, 0],
    ',': [0, 0, 0],
    gloves: [1, -1, 2],
    glove: [9, 9, 9],
    boot: [-1, 1, 0],
    '1999': [5, 5, 5],
    x: [3, 3, 3],
    pipe: [0, 3, -2],
    endotracheal: [2, -2, 1],
  },
}

function signsOf(signs: string, words: number): string[] {
  const bytes = Buffer.from(signs, 'base64')
  expect(bytes.length).toBe(words)
  return [...bytes].map((b) => [0, 1, 2].map((d) => (b >> d) & 1).join(''))
}

describe('the word vectors a release carries', () => {
  it('keep the commonest terms as the indexes see them, the first word of each, then the industry words asked for', () => {
    const v = reduceWordVectors(embeddings, ['endotracheal', 'unknownword'], 2)
    // "gloves" is the term "glove" (light plural stem) and comes first; "glove" itself adds nothing.
    expect(v.words).toBe('glove boot endotracheal')
    expect(v.dims).toBe(3)
    // Centred on the kept words' mean (2/3, -2/3, 1): each bit is the sign of a dimension.
    expect(signsOf(v.signs, 3)).toEqual(['101', '010', '100'])
  })

  it('keep every common term when the limit allows, in frequency order', () => {
    const v = reduceWordVectors(embeddings, [], 10)
    expect(v.words).toBe('glove boot pipe endotracheal')
    expect(signsOf(v.signs, 4)).toHaveLength(4)
  })
})
