/**
 * Place names as data: countries, cities, US states with their eGRID subregions, eGRID
 * acronyms and Australian states. Read by places.ts. Reference vocabulary, not factor data.
 */

/**
 * `iso2|iso3|name|other names and demonyms` per line. Not "polish": in ledgers it is floor and shoe
 * polish far more often than Poland ("Cleaner and Polish, Plastic").
 */
export const COUNTRIES = `
gb|gbr|united kingdom|uk|britain|great britain|england|scotland|wales|northern ireland|british|english|scottish|welsh
us|usa|united states|united states of america|america|american|u s
de|deu|germany|german|deutschland|deutsch|deutsche
fr|fra|france|french|frankreich
es|esp|spain|spanish|espana|spanien
it|ita|italy|italian|italien
nl|nld|netherlands|dutch|holland|niederlande
be|bel|belgium|belgian|belgien
lu|lux|luxembourg
at|aut|austria|austrian|osterreich
ch|che|switzerland|swiss|schweiz
ie|irl|ireland|irish|republic of ireland
pt|prt|portugal|portuguese
dk|dnk|denmark|danish|danemark
se|swe|sweden|swedish|schweden
no|nor|norway|norwegian|norwegen
fi|fin|finland|finnish
is|isl|iceland|icelandic
pl|pol|poland|polen
cz|cze|czechia|czech republic|czech
sk|svk|slovakia|slovak
hu|hun|hungary|hungarian
ro|rou|romania|romanian
bg|bgr|bulgaria|bulgarian
gr|grc|greece|greek
hr|hrv|croatia|croatian
si|svn|slovenia|slovenian
ee|est|estonia|estonian
lv|lva|latvia|latvian
lt|ltu|lithuania|lithuanian
cy|cyp|cyprus|cypriot
mt|mlt|malta|maltese
rs|srb|serbia|serbian
ua|ukr|ukraine|ukrainian
ru|rus|russia|russian federation|russian
tr|tur|turkey|turkiye|turkish
ca|can|canada|canadian
mx|mex|mexico|mexican
br|bra|brazil|brazilian
ar|arg|argentina|argentinian|argentine
cl|chl|chile|chilean
co|col|colombia|colombian
pe|per|peru|peruvian
au|aus|australia|australian|oz
nz|nzl|new zealand|kiwi
cn|chn|china|chinese|prc
jp|jpn|japan|japanese
kr|kor|south korea|korea|korean
in|ind|india|indian
id|idn|indonesia|indonesian
my|mys|malaysia|malaysian
sg|sgp|singapore|singaporean
th|tha|thailand|thai
vn|vnm|vietnam|viet nam|vietnamese
ph|phl|philippines|filipino|philippine
pk|pak|pakistan|pakistani
bd|bgd|bangladesh|bangladeshi
lk|lka|sri lanka
tw|twn|taiwan|taiwanese
hk|hkg|hong kong
ae|are|united arab emirates|uae|emirati|dubai|abu dhabi
sa|sau|saudi arabia|saudi
qa|qat|qatar
il|isr|israel|israeli
eg|egy|egypt|egyptian
za|zaf|south africa|south african
ng|nga|nigeria|nigerian
ke|ken|kenya|kenyan
ma|mar|morocco|moroccan
cr|cri|costa rica
jo|jor|jordan|jordanian
mv|mdv|maldives
om|omn|oman
kw|kwt|kuwait
bh|bhr|bahrain
kz|kaz|kazakhstan
ir|irn|iran
iq|irq|iraq
dz|dza|algeria
tn|tun|tunisia
gh|gha|ghana
et|eth|ethiopia
tz|tza|tanzania
ug|uga|uganda
ec|ecu|ecuador
uy|ury|uruguay
py|pry|paraguay
bo|bol|bolivia
ve|ven|venezuela
gt|gtm|guatemala
pa|pan|panama
do|dom|dominican republic
jm|jam|jamaica
np|npl|nepal
mm|mmr|myanmar
kh|khm|cambodia
mn|mng|mongolia
by|blr|belarus
md|mda|moldova
ge|geo|georgia country
am|arm|armenia
az|aze|azerbaijan
al|alb|albania
mk|mkd|north macedonia
ba|bih|bosnia and herzegovina|bosnia
me|mne|montenegro
`

/** Cities people name, `name|iso2|region?`. */
export const CITIES = `
london|gb|london lon
manchester|gb
birmingham|gb
edinburgh|gb
glasgow|gb
heathrow|gb
new york|us|ny nycw
new york city|us|ny nycw
nyc|us|ny nycw
jfk|us|ny nycw
los angeles|us|ca camx lax
san francisco|us|ca camx
chicago|us|il rfcw
houston|us|tx erct
dallas|us|tx erct
austin|us|tx erct
seattle|us|wa nwpp
boston|us|ma newe
miami|us|fl frcc
atlanta|us|ga srso
denver|us|co rmpa
phoenix|us|az aznm
washington dc|us|dc rfce
berlin|de
munich|de
munchen|de
hamburg|de
frankfurt|de
cologne|de
koln|de
stuttgart|de
paris|fr
lyon|fr
madrid|es
barcelona|es
rome|it
milan|it
amsterdam|nl
rotterdam|nl
brussels|be
vienna|at
wien|at
zurich|ch
geneva|ch
dublin|ie
lisbon|pt
copenhagen|dk
stockholm|se
oslo|no
helsinki|fi
warsaw|pl
prague|cz
budapest|hu
athens|gr
toronto|ca|on
vancouver|ca|bc
montreal|ca|qc mtr
mexico city|mx
sao paulo|br
sydney|au|nsw syd
melbourne|au|vic
brisbane|au|qld
perth|au|wa
adelaide|au|sa
hobart|au|tas
darwin|au|nt
canberra|au|act nsw
auckland|nz
tokyo|jp
osaka|jp
beijing|cn
shanghai|cn
shenzhen|cn
seoul|kr
mumbai|in
delhi|in
new delhi|in
bangalore|in
bengaluru|in
singapore city|sg
bangkok|th
jakarta|id
istanbul|tr
johannesburg|za
cape town|za
cairo|eg
nairobi|ke
kuala lumpur|my
hanoi|vn
ho chi minh city|vn
saigon|vn
manila|ph
taipei|tw
karachi|pk
lahore|pk
islamabad|pk
dhaka|bd
colombo|lk
kathmandu|np
chennai|in
kolkata|in
hyderabad|in
pune|in
guangzhou|cn
chengdu|cn
wuhan|cn
busan|kr
yokohama|jp
nagoya|jp
kyoto|jp
dubai|ae
abu dhabi|ae
doha|qa
riyadh|sa
jeddah|sa
kuwait city|kw
muscat|om
manama|bh
tel aviv|il
jerusalem|il
amman|jo
tehran|ir
baghdad|iq
almaty|kz
astana|kz
tbilisi|ge
yerevan|am
baku|az
ankara|tr
lagos|ng
abuja|ng
accra|gh
addis ababa|et
dar es salaam|tz
kampala|ug
casablanca|ma
rabat|ma
tunis|tn
algiers|dz
durban|za
leeds|gb
sheffield|gb
bristol|gb
liverpool|gb
nottingham|gb
leicester|gb
cardiff|gb
belfast|gb
aberdeen|gb
southampton|gb
milton keynes|gb
coventry|gb
bradford|gb
swindon|gb
norwich|gb
orlando|us|fl
jacksonville|us|fl
tampa|us|fl
las vegas|us|nv
san diego|us|ca
sacramento|us|ca
philadelphia|us|pa
pittsburgh|us|pa
detroit|us|mi
minneapolis|us|mn
nashville|us|tn
baltimore|us|md
salt lake city|us|ut
indianapolis|us|in
honolulu|us|hi
new orleans|us|la
cleveland|us|oh
cincinnati|us|oh
calgary|ca|ab
edmonton|ca|ab
ottawa|ca|on
antwerp|be
marseille|fr
toulouse|fr
naples|it
turin|it
seville|es
bilbao|es
porto|pt
gothenburg|se
malmo|se
bergen|no
aarhus|dk
dusseldorf|de
dortmund|de
leipzig|de
dresden|de
hannover|de
nuremberg|de
nurnberg|de
bremen|de
krakow|pl
pretoria|za
buenos aires|ar
santiago|cl
lima|pe
bogota|co
medellin|co
quito|ec
caracas|ve
montevideo|uy
asuncion|py
la paz|bo
rio de janeiro|br
brasilia|br
guadalajara|mx
monterrey|mx
panama city|pa
guatemala city|gt
santo domingo|do
moscow|ru
saint petersburg|ru
kyiv|ua
kiev|ua
minsk|by
chisinau|md
bucharest|ro
sofia|bg
belgrade|rs
zagreb|hr
ljubljana|si
bratislava|sk
tallinn|ee
riga|lv
vilnius|lt
reykjavik|is
valletta|mt
nicosia|cy
tirana|al
skopje|mk
sarajevo|ba
podgorica|me
ulaanbaatar|mn
phnom penh|kh
yangon|mm
marseille|fr
toulouse|fr
naples|it
turin|it
porto|pt
seville|es
valencia|es
antwerp|be
gothenburg|se
bergen|no
krakow|pl
ottawa|ca|on
calgary|ca|ab
edmonton|ca|ab
winnipeg|ca|mb
quebec city|ca|qc
wellington|nz
christchurch|nz
`

/** US states `code|name|egrid subregion(s)`: the subregion covering most of the state. */
export const US_STATES = `
al|alabama|srso
ak|alaska|akgd akms
az|arizona|aznm
ar|arkansas|srmv
ca|california|camx
co|colorado|rmpa
ct|connecticut|newe
de|delaware|rfce
dc|district of columbia|rfce
fl|florida|frcc
ga|georgia|srso
hi|hawaii|hioa hims
id|idaho|nwpp
il|illinois|rfcw srmw
in|indiana|rfcw
ia|iowa|mrow
ks|kansas|spno
ky|kentucky|srtv
la|louisiana|srmv
me|maine|newe
md|maryland|rfce
ma|massachusetts|newe
mi|michigan|rfcm
mn|minnesota|mrow
ms|mississippi|srmv
mo|missouri|srmw
mt|montana|nwpp
ne|nebraska|mrow
nv|nevada|nwpp
nh|new hampshire|newe
nj|new jersey|rfce
nm|new mexico|aznm
ny|new york state|nyup
nc|north carolina|srvc
nd|north dakota|mrow
oh|ohio|rfcw
ok|oklahoma|spso
or|oregon|nwpp
pa|pennsylvania|rfce
ri|rhode island|newe
sc|south carolina|srvc
sd|south dakota|mrow
tn|tennessee|srtv
tx|texas|erct
ut|utah|nwpp
vt|vermont|newe
va|virginia|srvc
wa|washington state|nwpp
wv|west virginia|rfcw
wi|wisconsin|mroe
wy|wyoming|rmpa
pr|puerto rico|prms
`

/** eGRID subregion acronyms and the states they mostly serve. */
export const EGRID = `akgd akms aznm camx erct frcc hims hioa mroe mrow newe nwpp nycw nyli nyup prms rfce rfcm rfcw rmpa spno spso srmv srmw srso srtv srvc`
export const EGRID_NAMES = `
erct|ercot
camx|caiso
nyup|upstate new york
nycw|new york city westchester
newe|new england|iso ne
nwpp|northwest|pacific northwest
frcc|frcc
`

/** Australian states `code|name|regions whose factors also serve it` (the ACT is on the NSW grid; the NGA factors publish them together). */
export const AU_STATES = `
nsw|new south wales
vic|victoria
qld|queensland
wa|western australia
sa|south australia
tas|tasmania
nt|northern territory
act|australian capital territory|nsw
`

/** Canadian provinces and territories `code|name`. */
export const CA_PROVINCES = `
on|ontario
qc|quebec
bc|british columbia
ab|alberta
mb|manitoba
sk|saskatchewan
ns|nova scotia
nb|new brunswick
nl|newfoundland and labrador|newfoundland
pe|prince edward island
yt|yukon
nt|northwest territories
nu|nunavut
`
