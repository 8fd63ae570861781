import type { OrderQuote } from '@esim/contracts';
import { describeError } from '@esim/ui/describe-error';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { quoteOrder } from './api/quote-order';

/** The order form's two codes; '' is none. */
export type CodeField = 'couponCode' | 'giftCardCode';
export type Codes = Record<CodeField, string>;

const noCodes: Codes = { couponCode: '', giftCardCode: '' };
const codeFields: CodeField[] = ['couponCode', 'giftCardCode'];
const keyOf = (codes: Codes) => `${codes.couponCode}|${codes.giftCardCode}`;
const sendable = (codes: Codes) => ({
  ...(codes.couponCode ? { couponCode: codes.couponCode } : {}),
  ...(codes.giftCardCode ? { giftCardCode: codes.giftCardCode } : {}),
});

/** What the page shows and the order sends back (ADR 0093): the order's total and what the card page charges. */
export type ShownPrice = Pick<OrderQuote, 'totalCents' | 'cardCents'> & { quote: OrderQuote | null };

/**
 * The order page's price (ADR 0093), always the server's: the package's price with no code applied, else the
 * quote for the codes applied. A code counts only while its field still holds it: clearing or editing a code
 * drops it from the price shown in the same render, and the codes left are quoted again (the pay button waits,
 * `shown` null, meanwhile). `typed` are the fields' values now.
 */
export const useOrderPrice = ({
  packageSlug,
  basePriceCents,
  typed,
}: {
  packageSlug: string;
  /** The package's price the page was rendered with (its offer price while the offer runs). */
  basePriceCents: number;
  typed: Codes;
}) => {
  const { t } = useTranslation();
  const [applied, setApplied] = useState<Codes>(noCodes);
  const [quotes, setQuotes] = useState<Record<string, OrderQuote>>({});
  // A code the server refused, with its sentence, shown while its field still holds that code.
  const [refused, setRefused] = useState<Partial<Record<CodeField, { code: string; message: string }>>>({});
  const asked = useRef(0);

  const effective: Codes = {
    couponCode: applied.couponCode && applied.couponCode === typed.couponCode ? applied.couponCode : '',
    giftCardCode:
      applied.giftCardCode && applied.giftCardCode === typed.giftCardCode ? applied.giftCardCode : '',
  };
  const quote = quotes[keyOf(effective)] ?? null;
  const withoutCodes = !effective.couponCode && !effective.giftCardCode;
  const shown: ShownPrice | null = quote
    ? { totalCents: quote.totalCents, cardCents: quote.cardCents, quote }
    : withoutCodes
      ? { totalCents: basePriceCents, cardCents: basePriceCents, quote: null }
      : null;

  /** Asks the server for these codes' price. Only the latest question counts: an older one answers null. */
  const ask = useCallback(
    async (codes: Codes): Promise<OrderQuote | null> => {
      const mine = ++asked.current;
      try {
        const answer = await quoteOrder({ packageSlug, ...sendable(codes) });
        if (mine !== asked.current) return null;
        setQuotes((known) => ({ ...known, [keyOf(codes)]: answer }));
        return answer;
      } catch (error) {
        if (mine !== asked.current) return null;
        throw error;
      }
    },
    [packageSlug],
  );

  /** The codes could not be priced (a card spent meanwhile, a coupon used up): none stays applied. */
  const refuse = useCallback(
    (codes: Codes, error: unknown) => {
      const message = describeError(t, error);
      setRefused(
        Object.fromEntries(
          codeFields.filter((field) => codes[field]).map((field) => [field, { code: codes[field], message }]),
        ),
      );
      setApplied(noCodes);
    },
    [t],
  );

  // The codes left after one was cleared or edited are priced again.
  const effectiveKey = keyOf(effective);
  const needsQuote = shown === null;
  useEffect(() => {
    if (!needsQuote) return;
    const [couponCode = '', giftCardCode = ''] = effectiveKey.split('|');
    const codes = { couponCode, giftCardCode };
    ask(codes).catch((error: unknown) => refuse(codes, error));
  }, [needsQuote, effectiveKey, ask, refuse]);

  /** "Apply": the field's code with the other one applied; its refusal is said under the field. */
  const apply = async (field: CodeField) => {
    const code = typed[field];
    if (!code) return;
    const codes = { ...effective, [field]: code };
    try {
      if (!(await ask(codes))) return;
      setApplied(codes);
      setRefused(({ [field]: _was, ...rest }) => rest);
    } catch (error) {
      setRefused((all) => ({ ...all, [field]: { code, message: describeError(t, error) } }));
    }
  };

  /**
   * The server refused the order's price (PRICE_CHANGED): everything known is priced again, and the codes the
   * order carried count as applied, so the page shows what the next pay click will be charged.
   */
  const refresh = (codes: Codes) => {
    setQuotes({});
    ask(codes).then(
      (answer) => {
        if (answer) setApplied(codes);
      },
      (error: unknown) => refuse(codes, error),
    );
  };

  /** The sentence under a code's field: its refusal, or what it does to the price. */
  const refusalOf = (field: CodeField) => {
    const found = refused[field];
    return found && found.code === typed[field] ? found.message : null;
  };

  return { effective, shown, apply, refresh, refusalOf };
};
