import { isLocale, type Locale, localeFromAcceptLanguage, locales, parseRuleMessage } from '@esim/contracts';
import type { ServerI18n } from '@esim/i18n';
import type { FastifyInstance } from 'fastify';
import type { TFunction } from 'i18next';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    t: TFunction;
  }
}

export type Translators = (acceptLanguage: string | string[] | undefined) => { locale: Locale; t: TFunction };

/** The locale an Accept-Language header asks for (default sq, fallback en) and its translator. */
export const createTranslators = (i18n: ServerI18n): Translators => {
  const translators = new Map(locales.map((locale) => [locale, i18n.fixedT(locale)]));
  return (header) => {
    const value = Array.isArray(header) ? header[0] : header;
    const explicit =
      typeof value === 'string' && isLocale(value.trim()) ? (value.trim() as Locale) : undefined;
    const locale = explicit ?? localeFromAcceptLanguage(value);
    return { locale, t: translators.get(locale) ?? i18n.fixedT(locale) };
  };
};

/** Each request gets `locale` from Accept-Language and a translator for it. */
export const registerI18n = (app: FastifyInstance, translate: Translators) => {
  app.decorateRequest('locale', 'sq');
  app.decorateRequest('t', null as unknown as TFunction);
  // Callback style: it runs on every request, and an async hook costs a promise and a microtask each.
  app.addHook('onRequest', (request, _reply, done) => {
    const { locale, t } = translate(request.headers['accept-language']);
    request.locale = locale;
    request.t = t;
    done();
  });
};

/** Turns a rule message ("required", "maxCharacters:50") on a field into SPEC section 5 wording. */
export const translateRule = (t: TFunction, field: string, message: string): string => {
  const { rule, min, max } = parseRuleMessage(message);
  // An array item (`alertThresholds.1`) is named by its list.
  const fieldKey =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? field;
  // Gift cards' field labels live with their words (`gifts`, ADR 0040), off the site's first load.
  const label = t(`fields.${fieldKey}`, { defaultValue: fieldKey, ns: ['common', 'gifts'] });
  return t(`validation.${rule}`, { field: label, min, max });
};
