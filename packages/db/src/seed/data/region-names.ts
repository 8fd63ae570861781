/** Region names in the twelve locales (SPEC codes); regions absent here fall back to their English name. */
export const regionNames: Record<string, Record<string, string>> = {
  europe: {
    en: 'Europe', sq: 'Evropë', de: 'Europa', fr: 'Europe', sa: 'أوروبا', tr: 'Avrupa', it: 'Europa', es: 'Europa',
    at: 'Europa', se: 'Europa', mk: 'Европа', gr: 'Ευρώπη',
  },
  balkans: {
    en: 'Balkans', sq: 'Ballkan', de: 'Balkan', fr: 'Balkans', sa: 'البلقان', tr: 'Balkanlar', it: 'Balcani',
    es: 'Balcanes', at: 'Balkan', se: 'Balkan', mk: 'Балкан', gr: 'Βαλκάνια',
  },
  asia: {
    en: 'Asia', sq: 'Azi', de: 'Asien', fr: 'Asie', sa: 'آسيا', tr: 'Asya', it: 'Asia', es: 'Asia', at: 'Asien',
    se: 'Asien', mk: 'Азија', gr: 'Ασία',
  },
  'middle-east': {
    en: 'Middle East', sq: 'Lindja e Mesme', de: 'Naher Osten', fr: 'Moyen-Orient', sa: 'الشرق الأوسط',
    tr: 'Orta Doğu', it: 'Medio Oriente', es: 'Oriente Medio', at: 'Naher Osten', se: 'Mellanöstern',
    mk: 'Блиски Исток', gr: 'Μέση Ανατολή',
  },
  africa: {
    en: 'Africa', sq: 'Afrikë', de: 'Afrika', fr: 'Afrique', sa: 'أفريقيا', tr: 'Afrika', it: 'Africa',
    es: 'África', at: 'Afrika', se: 'Afrika', mk: 'Африка', gr: 'Αφρική',
  },
  'north-america': {
    en: 'North America', sq: 'Amerika e Veriut', de: 'Nordamerika', fr: 'Amérique du Nord', sa: 'أمريكا الشمالية',
    tr: 'Kuzey Amerika', it: 'Nord America', es: 'Norteamérica', at: 'Nordamerika', se: 'Nordamerika',
    mk: 'Северна Америка', gr: 'Βόρεια Αμερική',
  },
  'latin-america': {
    en: 'Latin America', sq: 'Amerika Latine', de: 'Lateinamerika', fr: 'Amérique latine', sa: 'أمريكا اللاتينية',
    tr: 'Latin Amerika', it: 'America Latina', es: 'América Latina', at: 'Lateinamerika', se: 'Latinamerika',
    mk: 'Латинска Америка', gr: 'Λατινική Αμερική',
  },
  oceania: {
    en: 'Oceania', sq: 'Oqeani', de: 'Ozeanien', fr: 'Océanie', sa: 'أوقيانوسيا', tr: 'Okyanusya', it: 'Oceania',
    es: 'Oceanía', at: 'Ozeanien', se: 'Oceanien', mk: 'Океанија', gr: 'Ωκεανία',
  },
  caribbean: {
    en: 'Caribbean', sq: 'Karaibe', de: 'Karibik', fr: 'Caraïbes', sa: 'الكاريبي', tr: 'Karayipler', it: 'Caraibi',
    es: 'Caribe', at: 'Karibik', se: 'Karibien', mk: 'Карибите', gr: 'Καραϊβική',
  },
  gcc: {
    en: 'Gulf States', sq: 'Shtetet e Gjirit', de: 'Golfstaaten', fr: 'États du Golfe', sa: 'دول الخليج',
    tr: 'Körfez Ülkeleri', it: 'Stati del Golfo', es: 'Estados del Golfo', at: 'Golfstaaten', se: 'Gulfstaterna',
    mk: 'Заливски држави', gr: 'Κράτη του Κόλπου',
  },
};
