/**
 * How people (and the corpus's factor units) spell the units of ./table.ts. Keys are folded:
 * lower case, superscripts as digits, `-`, `_` and runs of spaces as one space, `.` kept only
 * between words of compound units (`passenger.km` and `passenger km` both listed).
 * A spelling that names several units is ambiguous: reading it is an error naming the choices.
 */

/** Spelling -> unit id. */
export const SPELLINGS: Record<string, string> = {}

/** Spelling -> the unit ids it could mean. */
export const AMBIGUOUS: Record<string, string[]> = {
  gallon: ['gal_us', 'gal_uk'], gallons: ['gal_us', 'gal_uk'], gal: ['gal_us', 'gal_uk'], gals: ['gal_us', 'gal_uk'],
  ton: ['t', 'short_ton', 'long_ton'], tons: ['t', 'short_ton', 'long_ton'],
  'ton km': ['tonne.km', 'short_ton.mile'],
  'ton mile': ['tonne.mile', 'short_ton.mile', 'long_ton.mile'], 'ton miles': ['tonne.mile', 'short_ton.mile', 'long_ton.mile'],
  therm: ['therm_us', 'therm_ec'], therms: ['therm_us', 'therm_ec'], thm: ['therm_us', 'therm_ec'],
  pound: ['lb', 'cur:GBP'], pounds: ['lb', 'cur:GBP'],
  $: ['cur:USD', 'cur:AUD', 'cur:CAD', 'cur:NZD', 'cur:SGD', 'cur:HKD'],
  dollar: ['cur:USD', 'cur:AUD', 'cur:CAD', 'cur:NZD', 'cur:SGD', 'cur:HKD'],
  dollars: ['cur:USD', 'cur:AUD', 'cur:CAD', 'cur:NZD', 'cur:SGD', 'cur:HKD'],
}

/**
 * How an ambiguous spelling reads on a line whose country settles it: in the US a gallon, a ton, a
 * therm and a dollar are the US ones and pounds are mass; in the UK a gallon is the imperial one;
 * where the dollar is the currency, `$` is that dollar. Spellings not listed stay ambiguous there
 * ("ton" in the UK, "pounds" in the UK: mass or sterling).
 */
const GALLON = ['gallon', 'gallons', 'gal', 'gals']
const DOLLAR = ['$', 'dollar', 'dollars']
const reading = (groups: Array<[string[], string]>): Record<string, string> => Object.fromEntries(groups.flatMap(([spellings, id]) => spellings.map((sp) => [sp, id])))
export const BY_COUNTRY: Record<string, Record<string, string>> = {
  US: reading([[GALLON, 'gal_us'], [['ton', 'tons'], 'short_ton'], [['ton mile', 'ton miles'], 'short_ton.mile'], [['therm', 'therms', 'thm'], 'therm_us'], [['pound', 'pounds'], 'lb'], [DOLLAR, 'cur:USD']]),
  GB: reading([[GALLON, 'gal_uk']]),
  AU: reading([[DOLLAR, 'cur:AUD']]),
  CA: reading([[DOLLAR, 'cur:CAD']]),
  NZ: reading([[DOLLAR, 'cur:NZD']]),
  SG: reading([[DOLLAR, 'cur:SGD']]),
  HK: reading([[DOLLAR, 'cur:HKD']]),
}

function add(id: string, ...spellings: string[]): void {
  for (const s of spellings) SPELLINGS[s] = id
}

add('g', 'g', 'gram', 'grams', 'gramme', 'grammes')
add('kg', 'kg', 'kgs', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes', 'kilo', 'kilos')
add('t', 't', 'tonne', 'tonnes', 'metric ton', 'metric tons', 'metric tonne', 'metric tonnes', 'tonnen')
add('lb', 'lb', 'lbs')
add('short_ton', 'short ton', 'short tons', 'us ton', 'us tons', 'ton us', 'tons us', 'ton short')
add('long_ton', 'long ton', 'long tons', 'uk ton', 'uk tons', 'imperial ton', 'imperial tons', 'ton uk', 'ton long')
add('ml', 'ml', 'millilitre', 'millilitres', 'milliliter', 'milliliters')
add('l', 'l', 'litre', 'litres', 'liter', 'liters', 'ltr', 'ltrs', 'lt')
add('kl', 'kl', 'kilolitre', 'kilolitres', 'kiloliter', 'kiloliters')
add('m3', 'm3', 'm^3', 'cubic metre', 'cubic metres', 'cubic meter', 'cubic meters', 'cbm', 'kubikmeter')
add('gal_us', 'gallon us', 'gallons us', 'us gallon', 'us gallons', 'gal us', 'us gal', 'usg', 'gallon (us)', 'gallons (us)')
add('gal_uk', 'gallon uk', 'gallons uk', 'uk gallon', 'uk gallons', 'imperial gallon', 'imperial gallons', 'gallon imperial', 'gal uk', 'imp gal', 'gallon (uk)')
add('bbl', 'bbl', 'barrel', 'barrels', 'bbls')
add('ft3', 'ft3', 'cubic foot', 'cubic feet', 'cu ft')
add('scf', 'scf', 'standard cubic foot', 'standard cubic feet')
add('ccf', 'ccf', 'hundred cubic feet')
add('mcf', 'mcf', 'thousand cubic feet')
add('wh', 'wh', 'watt hour', 'watt hours')
add('kwh', 'kwh', 'kw h', 'kilowatt hour', 'kilowatt hours', 'kwhs')
add('mwh', 'mwh', 'mw h', 'megawatt hour', 'megawatt hours', 'mwhs')
add('gwh', 'gwh', 'gigawatt hour', 'gigawatt hours')
add('kj', 'kj', 'kilojoule', 'kilojoules')
add('mj', 'mj', 'megajoule', 'megajoules')
add('gj', 'gj', 'gigajoule', 'gigajoules')
add('tj', 'tj', 'terajoule', 'terajoules')
add('btu', 'btu', 'btus', 'british thermal unit', 'british thermal units')
add('mmbtu', 'mmbtu', 'million btu', 'mm btu', 'mmbtus', 'dth', 'dekatherm', 'dekatherms')
add('kcal', 'kcal', 'kilocalorie', 'kilocalories')
add('therm_us', 'therm us', 'us therm', 'us therms', 'therms us', 'therm (us)')
add('therm_ec', 'therm ec', 'ec therm', 'ec therms', 'therms ec', 'therm (ec)', 'therm uk', 'uk therm', 'uk therms')
add('m', 'm', 'metre', 'metres', 'meter', 'meters')
add('km', 'km', 'kms', 'kilometre', 'kilometres', 'kilometer', 'kilometers', 'vehicle.km', 'vehicle km', 'vkm', 'kilometern')
add('mi', 'mi', 'mile', 'miles', 'vehicle.mile', 'vehicle mile', 'vehicle miles', 'vmi')
add('nmi', 'nmi', 'nautical mile', 'nautical miles')
add('passenger.km', 'passenger.km', 'passenger km', 'passenger kms', 'passenger kilometre', 'passenger kilometres', 'passenger kilometer', 'passenger kilometers', 'pkm', 'p.km', 'pax km', 'personenkilometer', 'personenkilometern')
add('passenger.mile', 'passenger.mile', 'passenger mile', 'passenger miles', 'pmi', 'pax mile', 'pax miles')
add('tonne.km', 'tonne.km', 'tonne km', 'tonnes km', 'tonne kilometre', 'tonne kilometres', 'tonne kilometer', 'tonne kilometers', 'tkm', 't.km', 't km', 'tonnenkilometer', 'tonnenkilometern')
add('tonne.mile', 'tonne.mile', 'tonne mile', 'tonne miles', 't.mile')
add('short_ton.mile', 'short ton.mile', 'short ton mile', 'short ton miles', 'us ton mile', 'us ton miles')
add('long_ton.mile', 'long ton.mile', 'long ton mile', 'long ton miles')
add('m2', 'm2', 'm^2', 'sq m', 'sqm', 'square metre', 'square metres', 'square meter', 'square meters')
add('ha', 'ha', 'hectare', 'hectares')
add('km2', 'km2', 'square kilometre', 'square kilometres', 'square kilometer', 'square kilometers')
add('ft2', 'ft2', 'sq ft', 'sqft', 'square foot', 'square feet')
add('h', 'h', 'hr', 'hrs', 'hour', 'hours')
add('day', 'day', 'days', 'd')
add('year', 'year', 'years', 'yr', 'yrs')
add('room_night', 'room per night', 'room night', 'room nights', 'night', 'nights', 'room.night', 'per room per night')
add('person_night', 'person night', 'person nights', 'person.night', 'guest night', 'guest nights')
add('piece', 'piece', 'pieces', 'pcs', 'pc', 'unit', 'units', 'item', 'items', 'each', 'ea')
add('person', 'person', 'persons', 'people')
add('mb', 'mb', 'megabyte', 'megabytes')
add('gb', 'gb', 'gigabyte', 'gigabytes')
add('tb', 'tb', 'terabyte', 'terabytes')
add('gb_hour', 'gb hour', 'gb hours', 'gbh', 'gb.hour')
add('tb_hour', 'tb hour', 'tb hours', 'tbh', 'tb.hour')
add('cpu_hour', 'cpu hour', 'cpu hours', 'cpu.hour')
add('fte_hour', 'fte working hour', 'fte working hours', 'fte hour', 'fte hours')
add('cur:USD', 'us$', 'us dollar', 'us dollars', 'usd$')
add('cur:EUR', '€', 'euro', 'euros', 'eur€')
add('cur:GBP', '£', 'pound sterling', 'pounds sterling', 'sterling')
add('cur:AUD', 'a$', 'au$')
add('cur:CAD', 'c$', 'ca$')
