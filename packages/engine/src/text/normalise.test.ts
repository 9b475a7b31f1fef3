import { describe, expect, it } from 'vitest'
import { foldText, processTerm, splitWords, stem, terms } from './normalise.ts'

describe('text', () => {
  it('folds accents and sharp s', () => {
    expect(foldText('Dämmung Straße')).toBe('dammung strasse')
  })
  it('splits keys on dots and underscores', () => {
    expect(splitWords('fuels.gb.diesel_average.gross_cv')).toEqual(['fuels', 'gb', 'diesel', 'average', 'gross', 'cv'])
  })
  it('stems plurals but keeps short and -ss/-us words', () => {
    expect(stem('vans')).toBe('van')
    expect(stem('litres')).toBe('litre')
    expect(stem('batteries')).toBe('battery')
    expect(stem('gas')).toBe('gas')
    expect(stem('glass')).toBe('glass')
    expect(stem('bus')).toBe('bus')
  })
  it('drops stop words in terms', () => {
    expect(processTerm('the')).toBeNull()
    expect(terms('Diesel for our delivery vans')).toEqual(['diesel', 'delivery', 'van'])
  })
})
