import { describe, expect, it } from 'vitest'
import { GLOSSARY_DE, GLOSSARY_SIZE, translateDe, translateWord } from './glossary-de.ts'

describe('German -> English glossary', () => {
  it('has lower-case keys only (lookups lower-case the word first)', () => {
    for (const k of Object.keys(GLOSSARY_DE)) expect(k).toBe(k.toLowerCase())
    expect(GLOSSARY_SIZE).toBeGreaterThan(500)
  })

  it('translates the words the brief names', () => {
    const words: Record<string, string> = {
      Beton: 'concrete', Stahl: 'steel', Bewehrungsstahl: 'reinforcing steel', Ziegel: 'brick', Holz: 'timber', Brettschichtholz: 'glulam',
      Dämmstoff: 'insulation', Mineralwolle: 'mineral wool', Gipskarton: 'plasterboard', Glas: 'glass', Mörtel: 'mortar', Estrich: 'screed',
      Putz: 'plaster', Kies: 'gravel', Sand: 'sand', Aluminium: 'aluminium', Kupfer: 'copper', Kunststoff: 'plastic', Bitumen: 'bitumen',
      Fenster: 'window', Tür: 'door',
    }
    for (const [de, en] of Object.entries(words)) expect(translateWord(de)).toBe(en)
  })

  it('splits compounds with linking letters and drops inflection endings', () => {
    expect(translateWord('Holzfaserdämmplatte')).toBe('wood fibre insulation board')
    // longest known part first (hausinstallation), then the linking s before rohre
    expect(translateWord('Hausinstallationsrohre')).toBe('domestic installation pipes')
    expect(translateWord('getrocknete')).toBe('dried')
    expect(translateWord('Xyzzy')).toBeNull()
  })

  it('keeps brand names and codes as written', () => {
    expect(translateDe('Brettschichtholz - Standardformen (Durchschnitt DE)')).toBe('glulam - standard shapes (average DE)')
    expect(translateDe('PCI Seccoral 2K Rapid')).toBe('PCI Seccoral 2K Rapid')
    expect(translateDe('Mauerziegel (Dämmstoff gefüllt)')).toBe('clay brick (insulation filled)')
  })
})
