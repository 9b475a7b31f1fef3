/**
 * Airports by their IATA codes, as travel ledgers write a journey ("LHR-JFK J class", "Deadhead crew
 * SYD-MEL Y"): each code with a place phrase places.ts knows (the city, else the country). Reference
 * vocabulary, not factor data. Only codes of one airport: city codes that also name a railway's
 * stations ("LON-PAR" on a Eurostar line) are left out, and so are codes that are also an ISO 3166
 * alpha-3 code of another place ("AUS" is Australia, "CAN" Canada).
 */
const AIRPORTS = `
lhr london|lgw london|stn london|ltn london|lcy london|man manchester|edi edinburgh|gla glasgow|bhx birmingham
brs united kingdom|ncl united kingdom|lba united kingdom|lpl united kingdom|ema united kingdom|abz united kingdom|inv united kingdom
bhd northern ireland|bfs northern ireland|jer united kingdom|gci united kingdom
dub dublin|snn ireland|ork ireland
cdg paris|ory paris|nce france|lys lyon|mrs marseille|tls toulouse|bod france
fra frankfurt|muc munich|ber berlin|txl berlin|ham hamburg|dus germany|cgn cologne|str stuttgart
ams amsterdam|rtm rotterdam|ein netherlands|bru brussels|zrh zurich|gva geneva|bsl switzerland|vie vienna
mad madrid|bcn barcelona|agp spain|pmi spain|alc spain|lis lisbon|opo porto
fco rome|mxp milan|lin milan|vce italy|nap naples|cph copenhagen|arn stockholm|got gothenburg|osl oslo|bgo bergen
hel helsinki|waw warsaw|krk krakow|prg prague|bud budapest|ath athens|ist istanbul|saw istanbul|kef reykjavik
dxb dubai|doh doha|auh abu dhabi|ruh riyadh|jed jeddah|tlv tel aviv
jfk new york|ewr new york|lga new york|bos boston|ord chicago|mdw chicago|lax los angeles|sfo san francisco|sea seattle
atl atlanta|dfw dallas|iah houston|mia miami|den denver|phx phoenix|iad washington dc|dca washington dc
mco united states|tpa united states|las united states|msp united states|dtw united states|clt united states|slc united states|bwi united states|san united states|pdx united states|bna united states|rdu united states|mci united states|stl united states|hnl united states|anc united states
yyz toronto|yvr vancouver|yul montreal|yyc calgary|yow ottawa|yeg edmonton
mex mexico city|gru sao paulo|gig rio de janeiro|eze buenos aires|scl santiago|bog bogota|lim lima
syd sydney|mel melbourne|bne brisbane|per perth|adl adelaide|cbr canberra|drw darwin|hba hobart
akl auckland|wlg wellington|chc christchurch
sin singapore|hkg hong kong|nrt tokyo|hnd tokyo|kix osaka|icn seoul|pek beijing|pkx beijing|pvg shanghai|sha shanghai
szx shenzhen|del delhi|bom mumbai|blr bangalore|maa chennai|ccu kolkata|hyd hyderabad|bkk bangkok|kul kuala lumpur
cgk jakarta|mnl manila|tpe taipei|sgn ho chi minh city|han hanoi|dac dhaka|cmb colombo|ktm kathmandu
jnb johannesburg|cpt cape town|dur durban|nbo nairobi|los lagos|acc accra|cai cairo|add addis ababa|cmn casablanca
`

/** IATA code (capitals) -> place phrase. */
export const AIRPORT_PLACES: ReadonlyMap<string, string> = new Map<string, string>(
  AIRPORTS.split(/[|\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const space = entry.indexOf(' ')
      return [entry.slice(0, space).toUpperCase(), entry.slice(space + 1)] as [string, string]
    }),
)

/** Two airport codes in capitals joined as a journey: "LHR-JFK", "SYD/MEL", "BHD > LHR", "CDG to JFK". */
const PAIR = /\b([A-Z]{3})\s*(?:-|–|—|\/|>|→|\bto\b)\s*([A-Z]{3})\b/g
/** Words that make a journey between airports a consignment, not a passenger's flight ("Feeder slot charter RTM-GOT 120 TEU" is a ship's). */
const GOODS = /freight|\bfrt\b|cargo|consign|shipment|\bawb\b|\bteu\b|feeder|vessel|container|bunker/i

/**
 * `text` with each journey between two known airports written as its places ("london to new york"),
 * followed once by "flight" unless the line is about goods flown: the places then say the haul band
 * (parse.ts) and the word the mode. Other codes are left as written.
 */
export function readAirportPairs(text: string): string {
  let found = false
  const out = text.replace(PAIR, (whole, a: string, b: string) => {
    const from = AIRPORT_PLACES.get(a)
    const to = AIRPORT_PLACES.get(b)
    if (from === undefined || to === undefined) return whole
    found = true
    return `${from} to ${to}`
  })
  return found && !GOODS.test(text) ? `${out} flight` : out
}
