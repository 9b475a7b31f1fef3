/**
 * German -> English glossary for ÖKOBAUDAT: the category tree (`Kategorie (original)`) and the
 * product words of dataset names, so keys and names can be English while search still finds
 * the German. Hand-written reference vocabulary, not factor data.
 *
 * `translateDe` works word by word: a word found here (also after dropping a German
 * inflection ending) is translated; a compound (`Holzfaserdämmplatte`) is split into known
 * parts, longest first, allowing the linking `s`/`n`/`en`/`e` between parts, and the parts'
 * English is joined in the same order (German and English compounds are both head-last:
 * wood fibre insulation board). Anything else (brand names, codes) is kept as written.
 */

/** Lower-case German word or compound part -> English. */
export const GLOSSARY_DE: Readonly<Record<string, string>> = {
  // materials
  beton: 'concrete', transportbeton: 'ready-mix concrete', stahlbeton: 'reinforced concrete', spannbeton: 'prestressed concrete',
  leichtbeton: 'lightweight concrete', porenbeton: 'aerated concrete', füllbeton: 'infill concrete', betonfertigteil: 'precast concrete element',
  fertigteil: 'precast element', betonwaren: 'concrete products', betonpflaster: 'concrete paving', pflaster: 'paving', pflasterstein: 'paving block',
  stahl: 'steel', baustahl: 'structural steel', baustähle: 'structural steels', bewehrungsstahl: 'reinforcing steel', betonstahl: 'reinforcing steel',
  betonstahlmatten: 'reinforcement mesh', bewehrung: 'reinforcement', armierung: 'reinforcement', edelstahl: 'stainless steel', eisen: 'iron',
  grauguss: 'grey cast iron', guss: 'cast', gussteile: 'castings', schmiedeteile: 'forgings', feinblech: 'thin sheet', grobbleche: 'heavy plates',
  blech: 'sheet', bleche: 'sheets', walzprofile: 'rolled sections', stahlblech: 'steel sheet', stahlprofil: 'steel section', profil: 'profile',
  profile: 'profiles', aluminium: 'aluminium', alu: 'aluminium', kupfer: 'copper', messing: 'brass', zink: 'zinc', blei: 'lead', titanzink: 'titanium zinc',
  ziegel: 'brick', mauerziegel: 'clay brick', vormauerziegel: 'facing brick', dachziegel: 'roof tile', dachsteine: 'concrete roof tiles', dachstein: 'concrete roof tile',
  klinker: 'clinker brick', riemchen: 'brick slips', pflasterziegel: 'clay pavers', stein: 'stone', steine: 'stones', mauersteine: 'masonry units',
  mauerstein: 'masonry unit', planstein: 'precision block', vollstein: 'solid block', vollblock: 'solid block', hohlblock: 'hollow block',
  kalksandstein: 'sand-lime brick', naturstein: 'natural stone', natursteinplatte: 'natural stone slab', naturwerkstein: 'natural cut stone',
  kunststein: 'artificial stone', schiefer: 'slate', steinzeug: 'stoneware', keramik: 'ceramic', keramische: 'ceramic', sanitärkeramik: 'sanitary ceramics',
  fliesen: 'tiles', fliese: 'tile', teppichfliesen: 'carpet tiles', lehm: 'clay', lehmsteine: 'earth blocks', ton: 'clay',
  holz: 'timber', vollholz: 'solid timber', massivholz: 'solid wood', brettschichtholz: 'glulam', bsh: 'glulam', brettsperrholz: 'cross-laminated timber',
  kreuzlagenholz: 'cross-laminated timber', balkenschichtholz: 'glued laminated beams', konstruktionsvollholz: 'structural solid timber', kvh: 'structural solid timber',
  schnittholz: 'sawn timber', nadelschnittholz: 'softwood sawn timber', laubschnittholz: 'hardwood sawn timber', nadelholz: 'softwood', laubholz: 'hardwood',
  hobelware: 'planed timber', furnier: 'veneer', furnierschichtholz: 'laminated veneer lumber', furniersperrholz: 'veneer plywood', sperrholz: 'plywood',
  spanplatte: 'particle board', spanplatten: 'particle boards', röhrenspanplatte: 'tubular particle board', faserplatte: 'fibreboard', faserplatten: 'fibreboards',
  holzfaser: 'wood fibre', holzfasern: 'wood fibres', holzwolle: 'wood wool', holzwerkstoffe: 'wood-based panels', schichtholz: 'laminated wood',
  mehrschichtparkett: 'multi-layer parquet', parkett: 'parquet', massivholzparkett: 'solid wood parquet', laminat: 'laminate', kork: 'cork', pellets: 'pellets',
  hackschnitzel: 'wood chips', späne: 'shavings', hobelspan: 'wood shavings', baustroh: 'building straw', stroh: 'straw', strohballen: 'straw bales',
  dämmstoff: 'insulation', dämmstoffe: 'insulation materials', dämmung: 'insulation', dämm: 'insulation', dämmplatte: 'insulation board',
  dämmplatten: 'insulation boards', mineralwolle: 'mineral wool', mineralfaser: 'mineral fibre', steinwolle: 'rock wool', glaswolle: 'glass wool',
  hartschaum: 'rigid foam', schaum: 'foam', schaumglas: 'foam glass', polystyrol: 'polystyrene', styropor: 'expanded polystyrene', polyurethan: 'polyurethane',
  phenolharz: 'phenolic resin', zellulose: 'cellulose', zellulosefaser: 'cellulose fibre', baumwolle: 'cotton', flachs: 'flax', hanf: 'hemp',
  blähperlit: 'expanded perlite', perlite: 'perlite', blähton: 'expanded clay', blähglas: 'expanded glass', blähschiefer: 'expanded shale', bims: 'pumice',
  naturbims: 'natural pumice', einblas: 'blown', wärmedämmverbundsystem: 'external thermal insulation composite system', wdvs: 'ETICS',
  gips: 'gypsum', gipskarton: 'plasterboard', gipskartonplatte: 'plasterboard', gipsplatten: 'gypsum boards', gipsfaserplatte: 'gypsum fibreboard',
  gipsfaserplatten: 'gypsum fibreboards', gipsputz: 'gypsum plaster', zement: 'cement', kalk: 'lime', feinkalk: 'quicklime', bindemittel: 'binder',
  mörtel: 'mortar', mauermörtel: 'masonry mortar', putzmörtel: 'plaster mortar', klebemörtel: 'adhesive mortar', kleber: 'adhesive', estrich: 'screed',
  estrichmörtel: 'screed mortar', zementestrich: 'cement screed', calciumsulfatestrich: 'calcium sulphate screed', trockenestrich: 'dry screed',
  fließestrich: 'self-levelling screed', putz: 'plaster', innenputz: 'interior plaster', außenputz: 'exterior render', leichtputz: 'lightweight plaster',
  normalputz: 'standard plaster', edelputz: 'decorative plaster', wärmedämmputz: 'insulating plaster', armierungsputz: 'reinforcing plaster',
  kunstharzputz: 'synthetic resin plaster', kies: 'gravel', sand: 'sand', splitt: 'chippings', schotter: 'crushed stone', brechsand: 'crushed sand',
  zuschläge: 'aggregates', zuschlag: 'aggregate', schüttung: 'fill', trockenschüttung: 'dry fill', asphalt: 'asphalt', gussasphalt: 'mastic asphalt',
  bitumen: 'bitumen', bitumenbahnen: 'bitumen membranes', glas: 'glass', flachglas: 'flat glass', floatglas: 'float glass', gussglas: 'cast glass',
  isolierglas: 'insulating glass', verbundsicherheitsglas: 'laminated safety glass', brandschutzglas: 'fire-resistant glass', glaskeramik: 'glass ceramic',
  verglasung: 'glazing', dreifachverglasung: 'triple glazing', glasbausteine: 'glass blocks', faserzement: 'fibre cement', kunststoff: 'plastic',
  kunststoffe: 'plastics', kunstharz: 'synthetic resin', epoxidharz: 'epoxy resin', polyamid: 'polyamide', polypropylen: 'polypropylene',
  polyethylen: 'polyethylene', gummi: 'rubber', kautschuk: 'rubber', silikon: 'silicone', silikonkautschuk: 'silicone rubber', acryl: 'acrylic', acrylat: 'acrylate',
  elastomer: 'elastomer', linoleum: 'linoleum', teppich: 'carpet', textil: 'textile', textile: 'textile', vlies: 'fleece', vliese: 'fleeces', folie: 'foil',
  folien: 'foils', gewebe: 'fabric', geogitter: 'geogrid', gitter: 'grid', tuch: 'fabric',
  // products and building parts
  fenster: 'window', tür: 'door', türen: 'doors', tor: 'gate', tore: 'gates', rahmen: 'frame', flügel: 'sash', flügelrahmen: 'sash frame', blendrahmen: 'window frame',
  fassade: 'facade', fassaden: 'facades', dach: 'roof', dächer: 'roofs', flachdach: 'flat roof', decke: 'ceiling', decken: 'ceilings', wand: 'wall', wände: 'walls',
  boden: 'floor', böden: 'floors', fußboden: 'floor', bodenbelag: 'floor covering', bodenbeläge: 'floor coverings', belag: 'covering', beläge: 'coverings',
  platte: 'board', platten: 'boards', bahn: 'membrane', bahnen: 'membranes', dachbahnen: 'roofing membranes', dichtungsbahnen: 'waterproofing membranes',
  dampfbremse: 'vapour retarder', dampfsperre: 'vapour barrier', unterspannbahn: 'roof underlay', abdichtung: 'waterproofing', dichtung: 'seal', dichtungen: 'seals',
  dichtmasse: 'sealant', dichtmassen: 'sealants', fugen: 'joint', fuge: 'joint', band: 'tape', bänder: 'tapes', rohr: 'pipe', rohre: 'pipes', kabel: 'cable',
  leitung: 'line', pfosten: 'mullion', riegel: 'transom', beschlag: 'fitting', beschläge: 'fittings', griff: 'handle', schrauben: 'screws', befestigung: 'fastening',
  befestigungsmittel: 'fasteners', abstandhalter: 'spacer', isoliersteg: 'insulating bar', isolierprofil: 'insulating profile', lichtkuppel: 'rooflight dome',
  lichtkuppeln: 'rooflight domes', lichtband: 'continuous rooflight', lichtbänder: 'continuous rooflights', tageslicht: 'daylight', tageslichtsysteme: 'daylight systems',
  glasdach: 'glass roof', schiebefenster: 'sliding window', schiebetür: 'sliding door', drehtür: 'swing door', haustür: 'front door', nebentür: 'side door',
  feuerschutztür: 'fire door', rauchschutztür: 'smoke door', sektionaltor: 'sectional door', rolltor: 'roller door', garagentor: 'garage door',
  holzbetonmantelsteine: 'wood-concrete formwork blocks', mantelsteine: 'formwork blocks', bauplatte: 'building board', paneelwand: 'panel wall',
  wandsystem: 'wall system', bodensystem: 'floor system', doppelboden: 'raised floor', terrassendielen: 'decking boards', fassadenplatte: 'facade panel',
  fassadenelemente: 'facade elements', lamellen: 'slats', sonnenschutz: 'sun protection', geländer: 'railing', treppe: 'stair',
  farbe: 'paint', farben: 'paints', innenfarbe: 'interior paint', fassadenfarbe: 'facade paint', dispersionsfarbe: 'emulsion paint', latexfarbe: 'latex paint',
  lack: 'varnish', lacke: 'varnishes', lasur: 'glaze', lasuren: 'glazes', grundierung: 'primer', grundierungen: 'primers', voranstrich: 'primer coat',
  beschichtung: 'coating', beschichtungen: 'coatings', pulverbeschichtung: 'powder coating', anstrich: 'coat',
  // building services and energy
  gebäudetechnik: 'building services', heizung: 'heating', heizkörper: 'radiator', wärmepumpe: 'heat pump', kessel: 'boiler', brennwert: 'condensing',
  brennwertgerät: 'condensing boiler', niedertemperatur: 'low temperature', fußbodenheizung: 'underfloor heating', speicher: 'storage tank',
  pufferspeicher: 'buffer tank', öltank: 'oil tank', tank: 'tank', lüftung: 'ventilation', lüfter: 'fan', klimagerät: 'air conditioner', kältemittel: 'refrigerant',
  solaranlage: 'solar thermal system', kollektor: 'collector', flachkollektor: 'flat-plate collector', röhrenkollektor: 'evacuated-tube collector',
  photovoltaiksystem: 'photovoltaic system', fahrstuhl: 'lift', aufzug: 'lift', fahrtreppe: 'escalator', leuchte: 'luminaire', beleuchtung: 'lighting',
  schalter: 'switch', steckdose: 'socket', umwälzpumpe: 'circulation pump', pumpe: 'pump', pumpen: 'pumps', durchlauferhitzer: 'instantaneous water heater',
  brandschutzklappe: 'fire damper', entrauchungsklappe: 'smoke extraction damper', volumenstromregler: 'airflow controller', strom: 'electricity',
  fernwärme: 'district heating', erdgas: 'natural gas', gas: 'gas', heizöl: 'heating oil', flüssiggas: 'liquefied petroleum gas', diesel: 'diesel', benzin: 'petrol',
  energie: 'energy', wasser: 'water', trinkwasser: 'drinking water', abwasser: 'wastewater', nutzung: 'use', betrieb: 'operation', gebäudebetrieb: 'building operation',
  transport: 'transport', lkw: 'truck', pkw: 'car', bahn_transport: 'rail transport', bahntransport: 'rail transport', binnenschiff: 'inland waterway vessel',
  seeschiff: 'sea-going ship', containerschiff: 'container ship', bagger: 'excavator', aushub: 'excavation', betonieren: 'concreting',
  // end of life
  entsorgung: 'disposal', deponierung: 'landfilling', deponie: 'landfill', verbrennung: 'incineration', müllverbrennung: 'waste incineration', recycling: 'recycling',
  verwertung: 'recovery', bauschutt: 'construction waste', hausmüll: 'household waste', gutschrift: 'credit', aufbereitung: 'processing',
  // attributes
  innen: 'interior', außen: 'exterior', verzinkt: 'galvanised', verzinnt: 'tinned', innenverzinnt: 'internally tinned', blank: 'bare', ummantelt: 'sheathed',
  beschichtet: 'coated', unbeschichtet: 'uncoated', eloxiert: 'anodised', anodisiert: 'anodised', pulverbeschichtet: 'powder-coated', pressblank: 'mill-finish',
  korrosionsgeschützt: 'corrosion-protected', getrocknet: 'dried', frisch: 'green', roh: 'raw', gedübelt: 'anchored', geklebt: 'bonded', bewehrt: 'reinforced',
  unbewehrt: 'unreinforced', leicht: 'light', schwer: 'heavy', hart: 'rigid', weich: 'soft', grau: 'grey', weiß: 'white', schwarz: 'black', transparent: 'transparent',
  transparente: 'transparent', opak: 'opaque', thermisch: 'thermally', getrennt: 'separated', mechanisch: 'mechanical', elektrisch: 'electric', automatisch: 'automatic',
  hochdichte: 'high-density', mitteldichte: 'medium-density', durchschnitt: 'average', durchschnittlich: 'average', generisch: 'generic', standard: 'standard',
  standardformen: 'standard shapes', sonderformen: 'special shapes', gefüllt: 'filled', melaminbeschichtet: 'melamine-faced', mineralisch: 'mineral',
  expandiert: 'expanded', extrudiert: 'extruded', schicht: 'layer', mehrschicht: 'multi-layer', dicke: 'thickness', jahr: 'year', fahrten: 'trips',
  auslastung: 'utilisation', hoch: 'high', gering: 'low', niedrig: 'low', mittel: 'medium',
  haus: 'house', installation: 'installation', hausinstallation: 'domestic installation', druckfestigkeitsklasse: 'compressive strength class',
  druckfestigkeit: 'compressive strength', klasse: 'class', natürlich: 'natural', kipptor: 'up-and-over door', schwingtor: 'up-and-over door',
  falttor: 'folding door', schiebetor: 'sliding gate', industrietor: 'industrial door', rohdichtebereich: 'density range', trockenverfahren: 'dry process',
  massivholzplatte: 'solid wood panel', massivholzböden: 'solid wood floors', rahmenprofile: 'frame profiles', wandprofil: 'wall profile',
  deckenprofil: 'ceiling profile', schienenbefestigung: 'rail fixing', polmaterial: 'pile material', getuftet: 'tufted', bitumenbasis: 'bitumen base',
  schwerbeschichtung: 'heavy backing', perimeterdämmung: 'perimeter insulation', wärmestrahlungsabsorber: 'infrared absorber', fugendichtungsbänder: 'joint sealing tapes',
  normalstein: 'standard block', bauelemente: 'building elements', bauelement: 'building element', lichtbauelement: 'translucent building element',
  glasarchitektur: 'glass architecture', sicherheitssysteme: 'security systems', schnelllauf: 'high-speed', kunststoffprodukte: 'plastic products',
  industrie: 'industrial', besonderen: 'special', besondere: 'special', eigenschaften: 'properties', verband: 'association', vorsatz: 'facing layer',
  befestigt: 'fixed', lose: 'loose', auflast: 'ballast', silikat: 'silicate', vorstrich: 'primer', mineraldämmplatte: 'mineral insulation board',
  laibungsplatte: 'reveal board', systemflügel: 'system sash', verglasungssystem: 'glazing system', sammelgaragentor: 'multi-car garage door',
  sporthallentor: 'sports hall door', passivhaus: 'passive house', rohrrahmentür: 'tubular frame door', spiraltor: 'spiral door', turbotor: 'high-speed door',
  recycelt: 'recycled', garagensektionaltor: 'garage sectional door', industriesektionaltor: 'industrial sectional door', multifunktionstür: 'multi-purpose door',
  rollgitter: 'roller grille', hygienebereiche: 'hygiene areas', nasszellen: 'wet rooms', profilbauglas: 'channel glass', basisprofilbauglas: 'basic channel glass',
  veredelt: 'finished', ornament: 'ornamental', drahtglas: 'wired glass', ausgleichschüttung: 'levelling fill', großformatig: 'large-format',
  normalmauermörtel: 'standard masonry mortar', vormauermörtel: 'facing masonry mortar', dünnbettmörtel: 'thin-bed mortar', hochofenzement: 'blast furnace cement',
  halogenfrei: 'halogen-free', treibmittel: 'blowing agents', treibmitteln: 'blowing agents', duschflächen: 'shower trays', badewannen: 'bathtubs',
  waschtische: 'washbasins', email: 'enamel', meliert: 'mottled', edelsplitt: 'high-grade chippings', rahmenlos: 'frameless', rahmenlose: 'frameless',
  massivholzmehrschichtprodukte: 'multi-layer solid wood products', rauch: 'smoke', feuer: 'fire',
  // function words
  mit: 'with', ohne: 'without', und: 'and', oder: 'or', für: 'for', aus: 'of', von: 'of', auf: 'on', als: 'as', zur: 'for', der: 'of', die: 'the', das: 'the',
  im: 'in', in: 'in', unter: 'under', inkl: 'incl.', pro: 'per', nach: 'to',
  // category tree (Kategorie (original)) not covered above
  mineralische: 'mineral', baustoffe: 'building materials', komponenten: 'components', vorhangfassaden: 'curtain walls', komposite: 'composites',
  sonstige: 'others', metalle: 'metals', elemente: 'elements', systembauteile: 'system components', brandschutz: 'fire protection',
  antriebssysteme: 'drive systems', füllungen: 'infills', oberflächenbehandlung: 'surface treatment', baustellenprozesse: 'site processes',
  energieträger: 'energy carriers', bereitstellung: 'supply', güter: 'goods', personen: 'passengers', transporte: 'transport', klimatisierung: 'air conditioning',
  beförderung: 'conveyance', elektro: 'electrical', sanitär: 'sanitary', wärmeerzeuger: 'heat generator', wärmeverteilung: 'heat distribution',
  abgabe: 'emission', zubehör: 'accessories', lüftungsanlagen: 'ventilation systems', kältemaschinen: 'chillers', batteriespeicher: 'battery storage',
  holzböden: 'wooden floors', dachbahn: 'roofing membrane', baupappen: 'building papers', technische: 'technical', textilien: 'textiles',
  kunststoffprofile: 'plastic profiles', elastisch: 'elastic', harz: 'resin', trinkwasserrohre: 'drinking water pipes', abwasserrohre: 'sewage pipes',
  regenwasserrohre: 'rainwater pipes', kupferrohre: 'copper pipes', kupferbleche: 'copper sheets', zinkbleche: 'zinc sheets', bleibleche: 'lead sheets',
  stahlbleche: 'steel sheets', stahlprofile: 'steel sections', edelstahlbleche: 'stainless steel sheets', edelstahlprofile: 'stainless steel sections',
  aluminiumbleche: 'aluminium sheets', aluminiumfolie: 'aluminium foil', aluminiumprofil: 'aluminium section', pulverbeschichten: 'powder coating',
  lackieren: 'painting', anodisieren: 'anodising', deckenplatten: 'ceiling tiles', substrate: 'substrates', kraftwerksnebenprodukte: 'power plant by-products',
  tragschichten: 'base courses', asphaltbinder: 'asphalt binder', splittmastixasphalt: 'stone mastic asphalt', isokörbe: 'thermal break elements',
  dämmelemente: 'insulation elements', ortschaum: 'in-situ foam', melaminharz: 'melamine resin', harnstoff: 'urea', formaldehydharz: 'formaldehyde resin',
  calciumsilikat: 'calcium silicate', siliziumdioxid: 'silicon dioxide', basiert: 'based', hydrophobe: 'hydrophobic', konventionell: 'conventional',
  ökologisch: 'organic', eps: 'EPS', xps: 'XPS', pu: 'PU', pur: 'PUR', pir: 'PIR', pvc: 'PVC', osb: 'OSB', mdf: 'MDF', hdf: 'HDF', wpc: 'WPC', epdm: 'EPDM',
}

const LINKS = ['', 's', 'n', 'en', 'e', 'es', 'er']
const ENDINGS = ['', 'e', 'en', 'er', 'es', 'em', 'n', 's']
const MIN_PART = 3

function lookupWord(lower: string): string | null {
  for (const ending of ENDINGS) {
    if (ending && !lower.endsWith(ending)) continue
    const stem = ending ? lower.slice(0, -ending.length) : lower
    if (stem.length < 2) continue
    const hit = GLOSSARY_DE[stem]
    if (hit !== undefined) return hit
  }
  return null
}

/** Split a compound into known parts (longest first); null when some part is unknown. */
function splitCompound(lower: string, depth = 0): string[] | null {
  const whole = lookupWord(lower)
  if (whole !== null) return [whole]
  if (depth > 5) return null
  for (let end = lower.length - MIN_PART; end >= MIN_PART; end--) {
    const head = GLOSSARY_DE[lower.slice(0, end)]
    if (head === undefined) continue
    for (const link of LINKS) {
      if (!lower.startsWith(link, end)) continue
      const rest = lower.slice(end + link.length)
      if (rest.length < MIN_PART) continue
      const tail = splitCompound(rest, depth + 1)
      if (tail) return [head, ...tail]
    }
  }
  return null
}

/** English for one German word (inflected or compound), or null when it is not known. */
export function translateWord(word: string): string | null {
  const lower = word.toLowerCase()
  const parts = splitCompound(lower)
  return parts ? parts.join(' ') : null
}

/** Word-by-word English of a German text; unknown words (brands, codes) are kept as written. */
export function translateDe(text: string): string {
  return text.replace(/[A-Za-zÄÖÜäöüß]+/g, (w) => translateWord(w) ?? w).replace(/\s+/g, ' ').trim()
}

/** Number of entries, for the build report. */
export const GLOSSARY_SIZE = Object.keys(GLOSSARY_DE).length

/**
 * Slips in the publisher's own English (`Kategorie (en)`, `Name (en)`) that would otherwise
 * reach keys and names: misspellings and a German word left in. Whole words, case kept.
 */
const ENGLISH_SLIPS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bTab water\b/g, 'Tap water'],
  [/\btab water\b/g, 'tap water'],
  [/\bconitioning\b/g, 'conditioning'],
  [/\bEhylene\b/g, 'Ethylene'],
  [/\bcomposties\b/g, 'composites'],
  [/\bperlit\b/g, 'perlite'],
  [/\btuber collector\b/g, 'tube collector'],
  [/\b(\d+\s?m²) und year\b/g, '$1 and year'],
]

/** The publisher's English with its known slips corrected (see `ENGLISH_SLIPS`). */
export function fixPublishedEnglish(text: string): string {
  let out = text
  for (const [slip, fix] of ENGLISH_SLIPS) out = out.replace(slip, fix)
  return out
}
