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

/** Each request gets `locale` from Accept-Language (default sq, fallback en) and a translator for it. */
export const registerI18n = (app: FastifyInstance, i18n: ServerI18n) => {
  const translators = new Map(locales.map((locale) => [locale, i18n.fixedT(locale)]));
  app.decorateRequest('locale', 'sq');
  app.decorateRequest('t', null as unknown as TFunction);
  // Callback style: it runs on every request, and an async hook costs a promise and a microtask each.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['accept-language'];
    const explicit =
      typeof header === 'string' && isLocale(header.trim()) ? (header.trim() as Locale) : undefined;
    request.locale = explicit ?? localeFromAcceptLanguage(header);
    request.t = translators.get(request.locale) ?? i18n.fixedT(request.locale);
    done();
  });
};

/** Turns a rule message ("required", "maxCharacters:50") on a field into SPEC section 5 wording. */
export const translateRule = (t: TFunction, field: string, message: string): string => {
  const { rule, min, max } = parseRuleMessage(message);
  const fieldKey = field.split('.').at(-1) ?? field;
  const label = t(`fields.${fieldKey}`, { defaultValue: fieldKey });
  return t(`validation.${rule}`, { field: label, min, max });
};
