/**
 * How people name activities and materials, mapped to the words the sources use.
 * Each group lists equivalent phrases; a phrase found in a description adds the group's
 * other words to the query (at a lower weight than the words actually written).
 * Reference vocabulary, not factor data.
 */
import { stem } from '../../find/text.ts'

const GROUPS: string[][] = [
  ['petrol', 'gasoline', 'motor gasoline', 'benzin', 'unleaded'],
  ['diesel', 'derv', 'diesel fuel', 'dieselkraftstoff', 'diesel oil'],
  ['hgv', 'lorry', 'lorries', 'truck', 'trucks', 'heavy goods vehicle', 'articulated', 'semi', 'lkw'],
  ['van', 'vans', 'lgv', 'light goods vehicle', 'delivery van', 'transporter'],
  ['lpg', 'liquefied petroleum gas', 'autogas'],
  ['cng', 'compressed natural gas'],
  ['lng', 'liquefied natural gas'],
  ['battery electric vehicle', 'bev', 'ev', 'electric car', 'electric vehicle', 'elektroauto'],
  ['plug in hybrid electric vehicle', 'phev', 'plug in hybrid', 'plugin hybrid'],
  ['electricity', 'grid power', 'mains electricity', 'power', 'grid electricity', 'strom', 'electric power', 'grid', 'electrical', 'purchased electricity'],
  ['flight', 'flights', 'flying', 'flew', 'fly', 'plane', 'air travel', 'airplane', 'aeroplane', 'aviation', 'flug', 'airline'],
  ['rail', 'train', 'trains', 'railway', 'national rail', 'bahn', 'zug'],
  ['hotel stay', 'hotel', 'hotel night', 'hotel nights', 'accommodation', 'room night', 'hotel room'],
  ['natural gas', 'gas', 'mains gas', 'erdgas', 'pipeline gas', 'methane gas'],
  ['taxi', 'taxis', 'cab', 'cabs', 'uber', 'minicab'],
  ['bus', 'buses', 'coach', 'local bus'],
  ['car', 'cars', 'passenger car', 'auto', 'pkw', 'automobile', 'drove', 'driving', 'drive'],
  ['motorbike', 'motorcycle', 'motorbikes', 'scooter', 'moped'],
  ['ferry', 'ferries', 'boat'],
  ['underground', 'tube', 'subway', 'metro', 'light rail', 'tram'],
  ['concrete', 'beton', 'ready mix', 'readymix', 'transportbeton'],
  ['steel', 'stahl', 'rebar', 'reinforcing steel', 'betonstahl', 'bewehrungsstahl', 'structural steel', 'baustahl'],
  ['timber', 'holz', 'wood', 'lumber', 'konstruktionsvollholz', 'schnittholz', 'wooden'],
  ['glued laminated timber', 'glulam', 'brettschichtholz', 'clt', 'cross laminated timber', 'brettsperrholz'],
  ['brick', 'bricks', 'ziegel', 'mauerziegel', 'clay brick'],
  ['glass', 'glas', 'flachglas', 'float glass'],
  ['aluminium', 'aluminum', 'alu'],
  ['cement', 'zement', 'portland cement', 'portlandzement'],
  ['insulation', 'dammung', 'daemmung', 'dammstoff', 'waermedaemmung'],
  ['mineral wool', 'mineralwolle', 'rock wool', 'steinwolle', 'glass wool', 'glaswolle'],
  ['gypsum', 'gips', 'plasterboard', 'gipskarton', 'drywall', 'gipskartonplatte'],
  ['copper', 'kupfer'],
  ['plastic', 'plastics', 'kunststoff'],
  ['eps', 'expanded polystyrene', 'styropor', 'polystyrol'],
  ['heating oil', 'burning oil', 'kerosene', 'heizol', 'paraffin'],
  ['gas oil', 'red diesel', 'gasoil'],
  ['jet fuel', 'aviation turbine fuel', 'jet kerosene', 'jet a1', 'jet a'],
  ['coal', 'steinkohle', 'hard coal'],
  ['water supply', 'water', 'tap water', 'mains water'],
  ['water treatment', 'wastewater', 'waste water', 'sewage'],
  ['landfill', 'landfilled', 'tip', 'dump'],
  ['recycling', 'recycled', 'recycle'],
  ['combustion', 'incineration', 'incinerated', 'energy from waste'],
  ['paper', 'cardboard', 'paper and board'],
  ['district heating', 'heat and steam', 'fernwarme', 'heat network'],
  ['homeworking', 'working from home', 'home office', 'remote work', 'wfh'],
  ['economy', 'economy class', 'coach class'],
  ['business class', 'business'],
  ['first class', 'first'],
  ['long haul', 'long distance flight', 'intercontinental', 'transatlantic'],
  ['short haul', 'short flight', 'european flight'],
  ['domestic', 'internal', 'inland'],
  ['wood pellets', 'pellets', 'holzpellets'],
  ['wood chips', 'woodchips', 'hackschnitzel'],
  ['refrigerant', 'refrigerants', 'kaltemittel', 'f gas', 'hfc'],
  ['freight', 'freighting', 'shipping', 'haulage', 'goods transport', 'logistics'],
  ['container ship', 'container shipping', 'sea freight', 'ocean freight'],
  ['air freight', 'air cargo'],
  ['food', 'catering', 'meals'],
]

export interface SynonymGroup {
  /** All phrases of the group (folded). */
  phrases: string[]
}

/** Phrases are matched on stemmed words, so "vans" finds "delivery van". */
function stemPhrase(phrase: string): string {
  return phrase.split(' ').map(stem).join(' ')
}

const BY_PHRASE = new Map<string, SynonymGroup[]>()
for (const phrases of GROUPS) {
  const group: SynonymGroup = { phrases }
  for (const p of phrases) {
    const stemmed = stemPhrase(p)
    const list = BY_PHRASE.get(stemmed) ?? []
    list.push(group)
    BY_PHRASE.set(stemmed, list)
  }
}
const LONGEST = Math.max(...GROUPS.flat().map((p) => p.split(' ').length))

export interface SynonymMention {
  start: number
  end: number
  /** The phrase as found. */
  phrase: string
  /** Alternative phrases for it. */
  alternatives: string[]
}

/** Phrases in `words` that belong to a synonym group, longest first at each position. */
export function findSynonyms(words: readonly string[]): SynonymMention[] {
  const found: SynonymMention[] = []
  let i = 0
  while (i < words.length) {
    let n = Math.min(LONGEST, words.length - i)
    for (; n >= 1; n--) {
      const phrase = words.slice(i, i + n).join(' ')
      const groups = BY_PHRASE.get(stemPhrase(phrase))
      if (groups) {
        const alternatives = [...new Set(groups.flatMap((g) => g.phrases))].filter((p) => p !== phrase)
        found.push({ start: i, end: i + n, phrase, alternatives })
        break
      }
    }
    i += n >= 1 ? n : 1
  }
  return found
}

/** Words that name a greenhouse gas, so per-gas factors are wanted. */
const GAS_WORDS: Record<string, string> = {
  co2: 'co2', 'carbon dioxide': 'co2', ch4: 'ch4', methane: 'ch4', n2o: 'n2o', 'nitrous oxide': 'n2o',
  sf6: 'sf6', nf3: 'nf3', hfcs: 'hfc', pfc: 'pfc', pfcs: 'pfc',
}

/** Gases named in folded words (co2, ch4, ...). "CO2e" is not a gas mention. */
export function findGases(words: readonly string[]): string[] {
  const out = new Set<string>()
  for (let i = 0; i < words.length; i++) {
    const one = GAS_WORDS[words[i] ?? '']
    if (one) out.add(one)
    const two = GAS_WORDS[`${words[i] ?? ''} ${words[i + 1] ?? ''}`]
    if (two) out.add(two)
  }
  return [...out]
}
