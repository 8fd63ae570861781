/**
 * Reference data the catalogue is seeded from: the countries we sell in, the operators an eSIM roaming
 * profile lists there, and the regions packages are grouped into. Country names are not stored here; they
 * come from Intl.DisplayNames in the viewer's locale.
 *
 * Operators are the one or two main mobile networks of each country, named as a roaming profile shows them.
 * `network` is '5G' only where that operator runs a commercial 5G network; otherwise '4G'.
 */

export type Continent = 'europe' | 'asia' | 'africa' | 'north_america' | 'south_america' | 'oceania';

export type Network = '4G' | '5G';

export type CountryCoverage = {
  /** ISO 3166-1 alpha-2, upper case ('XK' for Kosovo). */
  code: string;
  continent: Continent;
  /** One or two mobile network operators of that country. */
  operators: { name: string; network: Network }[];
};

export const countries: CountryCoverage[] = [
  // Europe: Balkans
  {
    code: 'AL',
    continent: 'europe',
    operators: [
      { name: 'One', network: '5G' },
      { name: 'Vodafone', network: '5G' },
    ],
  },
  {
    code: 'XK',
    continent: 'europe',
    operators: [
      { name: 'Vala', network: '4G' },
      { name: 'IPKO', network: '4G' },
    ],
  },
  {
    code: 'MK',
    continent: 'europe',
    operators: [
      { name: 'Telekom', network: '5G' },
      { name: 'A1', network: '5G' },
    ],
  },
  {
    code: 'RS',
    continent: 'europe',
    operators: [
      { name: 'mts', network: '5G' },
      { name: 'Yettel', network: '5G' },
    ],
  },
  {
    code: 'ME',
    continent: 'europe',
    operators: [
      { name: 'One', network: '5G' },
      { name: 'Telekom', network: '5G' },
    ],
  },
  {
    code: 'BA',
    continent: 'europe',
    operators: [
      { name: 'BH Telecom', network: '5G' },
      { name: 'm:tel', network: '5G' },
    ],
  },
  {
    code: 'HR',
    continent: 'europe',
    operators: [
      { name: 'Hrvatski Telekom', network: '5G' },
      { name: 'A1', network: '5G' },
    ],
  },
  {
    code: 'SI',
    continent: 'europe',
    operators: [
      { name: 'Telekom Slovenije', network: '5G' },
      { name: 'A1', network: '5G' },
    ],
  },
  {
    code: 'GR',
    continent: 'europe',
    operators: [
      { name: 'Cosmote', network: '5G' },
      { name: 'Vodafone', network: '5G' },
    ],
  },
  {
    code: 'BG',
    continent: 'europe',
    operators: [
      { name: 'A1', network: '5G' },
      { name: 'Yettel', network: '5G' },
    ],
  },
  {
    code: 'RO',
    continent: 'europe',
    operators: [
      { name: 'Orange', network: '5G' },
      { name: 'Vodafone', network: '5G' },
    ],
  },
  // Europe: west and centre
  {
    code: 'DE',
    continent: 'europe',
    operators: [
      { name: 'Telekom', network: '5G' },
      { name: 'Vodafone', network: '5G' },
    ],
  },
  {
    code: 'FR',
    continent: 'europe',
    operators: [
      { name: 'Orange', network: '5G' },
      { name: 'SFR', network: '5G' },
    ],
  },
  {
    code: 'IT',
    continent: 'europe',
    operators: [
      { name: 'TIM', network: '5G' },
      { name: 'Vodafone', network: '5G' },
    ],
  },
  {
    code: 'ES',
    continent: 'europe',
    operators: [
      { name: 'Movistar', network: '5G' },
      { name: 'Vodafone', network: '5G' },
    ],
  },
  {
    code: 'PT',
    continent: 'europe',
    operators: [
      { name: 'MEO', network: '5G' },
      { name: 'Vodafone', network: '5G' },
    ],
  },
  {
    code: 'NL',
    continent: 'europe',
    operators: [
      { name: 'KPN', network: '5G' },
      { name: 'Vodafone', network: '5G' },
    ],
  },
  {
    code: 'BE',
    continent: 'europe',
    operators: [
      { name: 'Proximus', network: '5G' },
      { name: 'Orange', network: '5G' },
    ],
  },
  {
    code: 'LU',
    continent: 'europe',
    operators: [
      { name: 'POST', network: '5G' },
      { name: 'Orange', network: '5G' },
    ],
  },
  {
    code: 'AT',
    continent: 'europe',
    operators: [
      { name: 'A1', network: '5G' },
      { name: 'Magenta', network: '5G' },
    ],
  },
  {
    code: 'CH',
    continent: 'europe',
    operators: [
      { name: 'Swisscom', network: '5G' },
      { name: 'Sunrise', network: '5G' },
    ],
  },
  { code: 'LI', continent: 'europe', operators: [{ name: 'FL1', network: '5G' }] },
  {
    code: 'IE',
    continent: 'europe',
    operators: [
      { name: 'Vodafone', network: '5G' },
      { name: 'Three', network: '5G' },
    ],
  },
  {
    code: 'GB',
    continent: 'europe',
    operators: [
      { name: 'EE', network: '5G' },
      { name: 'Vodafone', network: '5G' },
    ],
  },
  { code: 'MC', continent: 'europe', operators: [{ name: 'Monaco Telecom', network: '5G' }] },
  { code: 'AD', continent: 'europe', operators: [{ name: 'Andorra Telecom', network: '5G' }] },
  {
    code: 'MT',
    continent: 'europe',
    operators: [
      { name: 'Epic', network: '5G' },
      { name: 'GO', network: '5G' },
    ],
  },
  {
    code: 'CY',
    continent: 'europe',
    operators: [
      { name: 'Cyta', network: '5G' },
      { name: 'Epic', network: '5G' },
    ],
  },
  // Europe: north
  {
    code: 'DK',
    continent: 'europe',
    operators: [
      { name: 'TDC', network: '5G' },
      { name: 'Telenor', network: '5G' },
    ],
  },
  {
    code: 'SE',
    continent: 'europe',
    operators: [
      { name: 'Telia', network: '5G' },
      { name: 'Tele2', network: '5G' },
    ],
  },
  {
    code: 'NO',
    continent: 'europe',
    operators: [
      { name: 'Telenor', network: '5G' },
      { name: 'Telia', network: '5G' },
    ],
  },
  {
    code: 'FI',
    continent: 'europe',
    operators: [
      { name: 'Elisa', network: '5G' },
      { name: 'DNA', network: '5G' },
    ],
  },
  {
    code: 'IS',
    continent: 'europe',
    operators: [
      { name: 'Síminn', network: '5G' },
      { name: 'Nova', network: '5G' },
    ],
  },
  {
    code: 'EE',
    continent: 'europe',
    operators: [
      { name: 'Telia', network: '5G' },
      { name: 'Elisa', network: '5G' },
    ],
  },
  {
    code: 'LV',
    continent: 'europe',
    operators: [
      { name: 'LMT', network: '5G' },
      { name: 'Tele2', network: '5G' },
    ],
  },
  {
    code: 'LT',
    continent: 'europe',
    operators: [
      { name: 'Telia', network: '5G' },
      { name: 'Bitė', network: '5G' },
    ],
  },
  // Europe: east
  {
    code: 'PL',
    continent: 'europe',
    operators: [
      { name: 'Orange', network: '5G' },
      { name: 'Plus', network: '5G' },
    ],
  },
  {
    code: 'CZ',
    continent: 'europe',
    operators: [
      { name: 'T-Mobile', network: '5G' },
      { name: 'O2', network: '5G' },
    ],
  },
  {
    code: 'SK',
    continent: 'europe',
    operators: [
      { name: 'Orange', network: '5G' },
      { name: 'Telekom', network: '5G' },
    ],
  },
  {
    code: 'HU',
    continent: 'europe',
    operators: [
      { name: 'Magyar Telekom', network: '5G' },
      { name: 'Yettel', network: '5G' },
    ],
  },
  {
    code: 'MD',
    continent: 'europe',
    operators: [
      { name: 'Orange', network: '4G' },
      { name: 'Moldcell', network: '4G' },
    ],
  },
  {
    code: 'UA',
    continent: 'europe',
    operators: [
      { name: 'Kyivstar', network: '4G' },
      { name: 'Vodafone', network: '4G' },
    ],
  },

  // Asia: Middle East and Türkiye
  {
    code: 'TR',
    continent: 'asia',
    operators: [
      { name: 'Turkcell', network: '5G' },
      { name: 'Vodafone', network: '5G' },
    ],
  },
  {
    code: 'AE',
    continent: 'asia',
    operators: [
      { name: 'Etisalat (e&)', network: '5G' },
      { name: 'du', network: '5G' },
    ],
  },
  {
    code: 'SA',
    continent: 'asia',
    operators: [
      { name: 'STC', network: '5G' },
      { name: 'Mobily', network: '5G' },
    ],
  },
  {
    code: 'QA',
    continent: 'asia',
    operators: [
      { name: 'Ooredoo', network: '5G' },
      { name: 'Vodafone', network: '5G' },
    ],
  },
  {
    code: 'KW',
    continent: 'asia',
    operators: [
      { name: 'Zain', network: '5G' },
      { name: 'Ooredoo', network: '5G' },
    ],
  },
  {
    code: 'BH',
    continent: 'asia',
    operators: [
      { name: 'Batelco', network: '5G' },
      { name: 'Zain', network: '5G' },
    ],
  },
  {
    code: 'OM',
    continent: 'asia',
    operators: [
      { name: 'Omantel', network: '5G' },
      { name: 'Ooredoo', network: '5G' },
    ],
  },
  {
    code: 'IL',
    continent: 'asia',
    operators: [
      { name: 'Partner', network: '5G' },
      { name: 'Cellcom', network: '5G' },
    ],
  },
  {
    code: 'JO',
    continent: 'asia',
    operators: [
      { name: 'Zain', network: '5G' },
      { name: 'Orange', network: '5G' },
    ],
  },
  {
    code: 'LB',
    continent: 'asia',
    operators: [
      { name: 'Alfa', network: '4G' },
      { name: 'Touch', network: '4G' },
    ],
  },
  {
    code: 'IQ',
    continent: 'asia',
    operators: [
      { name: 'Asiacell', network: '4G' },
      { name: 'Zain', network: '4G' },
    ],
  },
  // Asia: Caucasus and Central Asia
  {
    code: 'GE',
    continent: 'asia',
    operators: [
      { name: 'Magti', network: '4G' },
      { name: 'Silknet', network: '4G' },
    ],
  },
  {
    code: 'AM',
    continent: 'asia',
    operators: [
      { name: 'Team', network: '4G' },
      { name: 'Viva', network: '4G' },
    ],
  },
  {
    code: 'AZ',
    continent: 'asia',
    operators: [
      { name: 'Azercell', network: '5G' },
      { name: 'Bakcell', network: '4G' },
    ],
  },
  {
    code: 'KZ',
    continent: 'asia',
    operators: [
      { name: 'Kcell', network: '5G' },
      { name: 'Beeline', network: '5G' },
    ],
  },
  {
    code: 'UZ',
    continent: 'asia',
    operators: [
      { name: 'Ucell', network: '4G' },
      { name: 'Beeline', network: '4G' },
    ],
  },
  // Asia: east
  {
    code: 'JP',
    continent: 'asia',
    operators: [
      { name: 'NTT Docomo', network: '5G' },
      { name: 'SoftBank', network: '5G' },
    ],
  },
  {
    code: 'KR',
    continent: 'asia',
    operators: [
      { name: 'SK Telecom', network: '5G' },
      { name: 'KT', network: '5G' },
    ],
  },
  {
    code: 'CN',
    continent: 'asia',
    operators: [
      { name: 'China Mobile', network: '5G' },
      { name: 'China Unicom', network: '5G' },
    ],
  },
  {
    code: 'HK',
    continent: 'asia',
    operators: [
      { name: 'CSL', network: '5G' },
      { name: 'SmarTone', network: '5G' },
    ],
  },
  { code: 'MO', continent: 'asia', operators: [{ name: 'CTM', network: '5G' }] },
  {
    code: 'TW',
    continent: 'asia',
    operators: [
      { name: 'Chunghwa Telecom', network: '5G' },
      { name: 'Taiwan Mobile', network: '5G' },
    ],
  },
  {
    code: 'MN',
    continent: 'asia',
    operators: [
      { name: 'Unitel', network: '4G' },
      { name: 'Mobicom', network: '4G' },
    ],
  },
  // Asia: south-east
  {
    code: 'TH',
    continent: 'asia',
    operators: [
      { name: 'AIS', network: '5G' },
      { name: 'True', network: '5G' },
    ],
  },
  {
    code: 'VN',
    continent: 'asia',
    operators: [
      { name: 'Viettel', network: '5G' },
      { name: 'Vinaphone', network: '5G' },
    ],
  },
  {
    code: 'ID',
    continent: 'asia',
    operators: [
      { name: 'Telkomsel', network: '5G' },
      { name: 'Indosat', network: '5G' },
    ],
  },
  {
    code: 'MY',
    continent: 'asia',
    operators: [
      { name: 'Maxis', network: '5G' },
      { name: 'CelcomDigi', network: '5G' },
    ],
  },
  {
    code: 'SG',
    continent: 'asia',
    operators: [
      { name: 'Singtel', network: '5G' },
      { name: 'StarHub', network: '5G' },
    ],
  },
  {
    code: 'PH',
    continent: 'asia',
    operators: [
      { name: 'Globe', network: '5G' },
      { name: 'Smart', network: '5G' },
    ],
  },
  {
    code: 'KH',
    continent: 'asia',
    operators: [
      { name: 'Smart', network: '4G' },
      { name: 'Cellcard', network: '4G' },
    ],
  },
  {
    code: 'LA',
    continent: 'asia',
    operators: [
      { name: 'Unitel', network: '4G' },
      { name: 'Lao Telecom', network: '4G' },
    ],
  },
  // Asia: south
  {
    code: 'IN',
    continent: 'asia',
    operators: [
      { name: 'Jio', network: '5G' },
      { name: 'Airtel', network: '5G' },
    ],
  },
  {
    code: 'LK',
    continent: 'asia',
    operators: [
      { name: 'Dialog', network: '4G' },
      { name: 'SLT-Mobitel', network: '4G' },
    ],
  },
  {
    code: 'MV',
    continent: 'asia',
    operators: [
      { name: 'Dhiraagu', network: '5G' },
      { name: 'Ooredoo', network: '5G' },
    ],
  },
  {
    code: 'NP',
    continent: 'asia',
    operators: [
      { name: 'Ncell', network: '4G' },
      { name: 'Nepal Telecom', network: '4G' },
    ],
  },
  {
    code: 'BD',
    continent: 'asia',
    operators: [
      { name: 'Grameenphone', network: '4G' },
      { name: 'Robi', network: '4G' },
    ],
  },
  {
    code: 'PK',
    continent: 'asia',
    operators: [
      { name: 'Jazz', network: '4G' },
      { name: 'Zong', network: '4G' },
    ],
  },

  // Africa: north
  {
    code: 'EG',
    continent: 'africa',
    operators: [
      { name: 'Vodafone', network: '5G' },
      { name: 'Orange', network: '5G' },
    ],
  },
  {
    code: 'MA',
    continent: 'africa',
    operators: [
      { name: 'Maroc Telecom', network: '5G' },
      { name: 'Orange', network: '5G' },
    ],
  },
  {
    code: 'TN',
    continent: 'africa',
    operators: [
      { name: 'Ooredoo', network: '5G' },
      { name: 'Orange', network: '5G' },
    ],
  },
  {
    code: 'DZ',
    continent: 'africa',
    operators: [
      { name: 'Mobilis', network: '4G' },
      { name: 'Djezzy', network: '4G' },
    ],
  },
  // Africa: west and centre
  {
    code: 'NG',
    continent: 'africa',
    operators: [
      { name: 'MTN', network: '5G' },
      { name: 'Airtel', network: '5G' },
    ],
  },
  {
    code: 'GH',
    continent: 'africa',
    operators: [
      { name: 'MTN', network: '4G' },
      { name: 'Telecel', network: '4G' },
    ],
  },
  {
    code: 'SN',
    continent: 'africa',
    operators: [
      { name: 'Orange', network: '5G' },
      { name: 'Free', network: '4G' },
    ],
  },
  {
    code: 'CI',
    continent: 'africa',
    operators: [
      { name: 'Orange', network: '4G' },
      { name: 'MTN', network: '4G' },
    ],
  },
  {
    code: 'CM',
    continent: 'africa',
    operators: [
      { name: 'MTN', network: '4G' },
      { name: 'Orange', network: '4G' },
    ],
  },
  // Africa: east
  {
    code: 'KE',
    continent: 'africa',
    operators: [
      { name: 'Safaricom', network: '5G' },
      { name: 'Airtel', network: '4G' },
    ],
  },
  {
    code: 'TZ',
    continent: 'africa',
    operators: [
      { name: 'Vodacom', network: '5G' },
      { name: 'Airtel', network: '5G' },
    ],
  },
  {
    code: 'UG',
    continent: 'africa',
    operators: [
      { name: 'MTN', network: '5G' },
      { name: 'Airtel', network: '5G' },
    ],
  },
  {
    code: 'RW',
    continent: 'africa',
    operators: [
      { name: 'MTN', network: '4G' },
      { name: 'Airtel', network: '4G' },
    ],
  },
  {
    code: 'ET',
    continent: 'africa',
    operators: [
      { name: 'Ethio telecom', network: '5G' },
      { name: 'Safaricom', network: '4G' },
    ],
  },
  {
    code: 'MU',
    continent: 'africa',
    operators: [
      { name: 'my.t', network: '5G' },
      { name: 'Emtel', network: '5G' },
    ],
  },
  {
    code: 'MG',
    continent: 'africa',
    operators: [
      { name: 'Telma', network: '5G' },
      { name: 'Orange', network: '4G' },
    ],
  },
  // Africa: south
  {
    code: 'ZA',
    continent: 'africa',
    operators: [
      { name: 'Vodacom', network: '5G' },
      { name: 'MTN', network: '5G' },
    ],
  },
  { code: 'NA', continent: 'africa', operators: [{ name: 'MTC', network: '4G' }] },
  {
    code: 'BW',
    continent: 'africa',
    operators: [
      { name: 'Mascom', network: '4G' },
      { name: 'Orange', network: '4G' },
    ],
  },
  {
    code: 'ZM',
    continent: 'africa',
    operators: [
      { name: 'MTN', network: '4G' },
      { name: 'Airtel', network: '4G' },
    ],
  },
  {
    code: 'ZW',
    continent: 'africa',
    operators: [
      { name: 'Econet', network: '4G' },
      { name: 'NetOne', network: '4G' },
    ],
  },

  // North America
  {
    code: 'US',
    continent: 'north_america',
    operators: [
      { name: 'AT&T', network: '5G' },
      { name: 'T-Mobile', network: '5G' },
    ],
  },
  {
    code: 'CA',
    continent: 'north_america',
    operators: [
      { name: 'Rogers', network: '5G' },
      { name: 'Bell', network: '5G' },
    ],
  },
  {
    code: 'MX',
    continent: 'north_america',
    operators: [
      { name: 'Telcel', network: '5G' },
      { name: 'AT&T', network: '5G' },
    ],
  },
  // North America: Central America
  {
    code: 'GT',
    continent: 'north_america',
    operators: [
      { name: 'Tigo', network: '4G' },
      { name: 'Claro', network: '4G' },
    ],
  },
  {
    code: 'SV',
    continent: 'north_america',
    operators: [
      { name: 'Claro', network: '4G' },
      { name: 'Tigo', network: '4G' },
    ],
  },
  {
    code: 'HN',
    continent: 'north_america',
    operators: [
      { name: 'Tigo', network: '4G' },
      { name: 'Claro', network: '4G' },
    ],
  },
  {
    code: 'NI',
    continent: 'north_america',
    operators: [
      { name: 'Claro', network: '4G' },
      { name: 'Tigo', network: '4G' },
    ],
  },
  {
    code: 'CR',
    continent: 'north_america',
    operators: [
      { name: 'Kölbi', network: '4G' },
      { name: 'Claro', network: '4G' },
    ],
  },
  {
    code: 'PA',
    continent: 'north_america',
    operators: [
      { name: 'Tigo', network: '4G' },
      { name: '+Móvil', network: '4G' },
    ],
  },
  // North America: Caribbean
  {
    code: 'DO',
    continent: 'north_america',
    operators: [
      { name: 'Claro', network: '5G' },
      { name: 'Altice', network: '5G' },
    ],
  },
  {
    code: 'PR',
    continent: 'north_america',
    operators: [
      { name: 'Claro', network: '5G' },
      { name: 'T-Mobile', network: '5G' },
    ],
  },
  {
    code: 'JM',
    continent: 'north_america',
    operators: [
      { name: 'Digicel', network: '4G' },
      { name: 'Flow', network: '4G' },
    ],
  },
  {
    code: 'BS',
    continent: 'north_america',
    operators: [
      { name: 'BTC', network: '4G' },
      { name: 'Aliv', network: '4G' },
    ],
  },
  {
    code: 'BB',
    continent: 'north_america',
    operators: [
      { name: 'Flow', network: '4G' },
      { name: 'Digicel', network: '4G' },
    ],
  },
  {
    code: 'TT',
    continent: 'north_america',
    operators: [
      { name: 'bmobile', network: '4G' },
      { name: 'Digicel', network: '4G' },
    ],
  },
  {
    code: 'AW',
    continent: 'north_america',
    operators: [
      { name: 'SETAR', network: '4G' },
      { name: 'Digicel', network: '4G' },
    ],
  },
  {
    code: 'CW',
    continent: 'north_america',
    operators: [
      { name: 'Flow', network: '4G' },
      { name: 'Digicel', network: '4G' },
    ],
  },
  {
    code: 'KY',
    continent: 'north_america',
    operators: [
      { name: 'Flow', network: '4G' },
      { name: 'Digicel', network: '4G' },
    ],
  },
  {
    code: 'LC',
    continent: 'north_america',
    operators: [
      { name: 'Flow', network: '4G' },
      { name: 'Digicel', network: '4G' },
    ],
  },
  {
    code: 'AG',
    continent: 'north_america',
    operators: [
      { name: 'Flow', network: '4G' },
      { name: 'Digicel', network: '4G' },
    ],
  },

  // South America
  {
    code: 'BR',
    continent: 'south_america',
    operators: [
      { name: 'Vivo', network: '5G' },
      { name: 'Claro', network: '5G' },
    ],
  },
  {
    code: 'AR',
    continent: 'south_america',
    operators: [
      { name: 'Personal', network: '5G' },
      { name: 'Claro', network: '5G' },
    ],
  },
  {
    code: 'CL',
    continent: 'south_america',
    operators: [
      { name: 'Entel', network: '5G' },
      { name: 'Movistar', network: '5G' },
    ],
  },
  {
    code: 'CO',
    continent: 'south_america',
    operators: [
      { name: 'Claro', network: '5G' },
      { name: 'Movistar', network: '5G' },
    ],
  },
  {
    code: 'PE',
    continent: 'south_america',
    operators: [
      { name: 'Claro', network: '5G' },
      { name: 'Entel', network: '5G' },
    ],
  },
  {
    code: 'EC',
    continent: 'south_america',
    operators: [
      { name: 'Claro', network: '4G' },
      { name: 'Movistar', network: '4G' },
    ],
  },
  {
    code: 'UY',
    continent: 'south_america',
    operators: [
      { name: 'Antel', network: '5G' },
      { name: 'Movistar', network: '5G' },
    ],
  },
  {
    code: 'PY',
    continent: 'south_america',
    operators: [
      { name: 'Tigo', network: '4G' },
      { name: 'Personal', network: '4G' },
    ],
  },
  {
    code: 'BO',
    continent: 'south_america',
    operators: [
      { name: 'Entel', network: '4G' },
      { name: 'Tigo', network: '4G' },
    ],
  },
  {
    code: 'VE',
    continent: 'south_america',
    operators: [
      { name: 'Movistar', network: '4G' },
      { name: 'Digitel', network: '4G' },
    ],
  },

  // Oceania
  {
    code: 'AU',
    continent: 'oceania',
    operators: [
      { name: 'Telstra', network: '5G' },
      { name: 'Optus', network: '5G' },
    ],
  },
  {
    code: 'NZ',
    continent: 'oceania',
    operators: [
      { name: 'One NZ', network: '5G' },
      { name: 'Spark', network: '5G' },
    ],
  },
  {
    code: 'FJ',
    continent: 'oceania',
    operators: [
      { name: 'Vodafone', network: '4G' },
      { name: 'Digicel', network: '4G' },
    ],
  },
  { code: 'PG', continent: 'oceania', operators: [{ name: 'Digicel', network: '4G' }] },
  { code: 'NC', continent: 'oceania', operators: [{ name: 'OPT', network: '4G' }] },
  { code: 'PF', continent: 'oceania', operators: [{ name: 'Vini', network: '4G' }] },
];

export type RegionDefinition = { code: string; names: Record<'en', string>; countries: string[] };

export const regions: RegionDefinition[] = [
  {
    code: 'europe',
    names: { en: 'Europe' },
    // EU and EEA members, plus the United Kingdom and Switzerland.
    countries: [
      'AT',
      'BE',
      'BG',
      'HR',
      'CY',
      'CZ',
      'DK',
      'EE',
      'FI',
      'FR',
      'DE',
      'GR',
      'HU',
      'IE',
      'IT',
      'LV',
      'LT',
      'LU',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SK',
      'SI',
      'ES',
      'SE',
      'IS',
      'LI',
      'NO',
      'GB',
      'CH',
    ],
  },
  {
    code: 'balkans',
    names: { en: 'Balkans' },
    countries: ['AL', 'XK', 'MK', 'RS', 'ME', 'BA', 'HR', 'SI', 'BG', 'GR', 'RO'],
  },
  {
    code: 'asia',
    names: { en: 'Asia' },
    // East, South-East, South and Central Asia; the Middle East is its own region.
    countries: [
      'JP',
      'KR',
      'CN',
      'HK',
      'MO',
      'TW',
      'MN',
      'TH',
      'VN',
      'ID',
      'MY',
      'SG',
      'PH',
      'KH',
      'LA',
      'IN',
      'LK',
      'MV',
      'NP',
      'BD',
      'PK',
      'KZ',
      'UZ',
    ],
  },
  {
    code: 'middle-east',
    names: { en: 'Middle East' },
    countries: ['AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'IL', 'JO', 'LB', 'IQ', 'TR', 'EG'],
  },
  {
    code: 'africa',
    names: { en: 'Africa' },
    countries: [
      'EG',
      'MA',
      'TN',
      'DZ',
      'NG',
      'GH',
      'SN',
      'CI',
      'CM',
      'KE',
      'TZ',
      'UG',
      'RW',
      'ET',
      'MU',
      'MG',
      'ZA',
      'NA',
      'BW',
      'ZM',
      'ZW',
    ],
  },
  {
    code: 'north-america',
    names: { en: 'North America' },
    countries: ['US', 'CA', 'MX'],
  },
  {
    code: 'latin-america',
    names: { en: 'Latin America' },
    countries: [
      'MX',
      'GT',
      'SV',
      'HN',
      'NI',
      'CR',
      'PA',
      'DO',
      'PR',
      'BR',
      'AR',
      'CL',
      'CO',
      'PE',
      'EC',
      'UY',
      'PY',
      'BO',
      'VE',
    ],
  },
  {
    code: 'oceania',
    names: { en: 'Oceania' },
    countries: ['AU', 'NZ', 'FJ', 'PG', 'NC', 'PF'],
  },
  {
    code: 'caribbean',
    names: { en: 'Caribbean' },
    countries: ['DO', 'PR', 'JM', 'BS', 'BB', 'TT', 'AW', 'CW', 'KY', 'LC', 'AG'],
  },
  {
    code: 'gcc',
    names: { en: 'Gulf States' },
    countries: ['AE', 'SA', 'QA', 'KW', 'BH', 'OM'],
  },
];

/** The most-travelled countries a global package covers. */
export const globalCoverage: string[] = [
  // Europe
  'DE',
  'FR',
  'IT',
  'ES',
  'PT',
  'NL',
  'BE',
  'LU',
  'AT',
  'CH',
  'IE',
  'GB',
  'DK',
  'SE',
  'NO',
  'FI',
  'IS',
  'EE',
  'LV',
  'LT',
  'PL',
  'CZ',
  'SK',
  'HU',
  'HR',
  'SI',
  'GR',
  'BG',
  'RO',
  'CY',
  'MT',
  'AL',
  'RS',
  'ME',
  // Asia
  'TR',
  'AE',
  'SA',
  'QA',
  'KW',
  'OM',
  'IL',
  'JO',
  'GE',
  'KZ',
  'JP',
  'KR',
  'CN',
  'HK',
  'TW',
  'TH',
  'VN',
  'ID',
  'MY',
  'SG',
  'PH',
  'IN',
  'LK',
  'MV',
  // Africa
  'EG',
  'MA',
  'TN',
  'ZA',
  'KE',
  'TZ',
  // North America
  'US',
  'CA',
  'MX',
  'DO',
  'PR',
  'CR',
  'PA',
  'JM',
  // South America
  'BR',
  'AR',
  'CL',
  'CO',
  'PE',
  'UY',
  // Oceania
  'AU',
  'NZ',
];
