/** The shapes of the `content` namespace (packages/i18n/locales/<code>/content.json), read with returnObjects. */
export type PageTexts = { title: string; description: string; heading: string; intro: string };

export type AboutContent = PageTexts & { sections: { heading: string; body: string }[] };

export type DevicesContent = PageTexts & {
  facts: string[];
  howToCheck: { heading: string; steps: string[] };
  searchLabel: string;
  searchPlaceholder: string;
  /** Has a {query} placeholder, filled in the browser. */
  noResults: string;
  notListed: string;
};

export type HowToConnectContent = PageTexts & {
  iphone: { heading: string; steps: string[] };
  android: { heading: string; steps: string[] };
  activation: { heading: string; body: string };
  reinstall: { heading: string; points: string[] };
  troubleshooting: { heading: string; points: string[] };
};

export type FaqContent = PageTexts & { items: { q: string; a: string }[] };
