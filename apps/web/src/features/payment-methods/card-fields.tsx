import { zodResolver } from '@hookform/resolvers/zod';
import { sandboxCardRequestSchema, type CardToken, type PaymentTerms } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { paymentTermsQuery } from '../../lib/payment-terms.ts';
import { createCardToken } from './queries.ts';

const { number, expMonth, expYear, cvc } = sandboxCardRequestSchema.shape;

/** "MM/YY" (or MM/YYYY) read as the month and year the processor's schema checks. */
const expirySchema = z.string().transform((value, ctx) => {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) {
    ctx.addIssue({ code: 'custom', message: 'Enter the expiry as MM/YY, e.g. 12/30.' });
    return z.NEVER;
  }
  const year = Number(match[2]);
  const parsed = z
    .object({ expMonth, expYear })
    .safeParse({ expMonth: Number(match[1]), expYear: year < 100 ? 2000 + year : year });
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Check the expiry.' });
    return z.NEVER;
  }
  return parsed.data;
});

export const cardFormSchema = z
  .object({ number, expiry: expirySchema, cvc })
  .transform(({ number: cardNumber, expiry, cvc: code }) => ({ number: cardNumber, ...expiry, cvc: code }));
type CardFormInput = z.input<typeof cardFormSchema>;
type CardFormOutput = z.output<typeof cardFormSchema>;
type CardForm = UseFormReturn<CardFormInput, unknown, CardFormOutput>;

/**
 * The card, checked with the processor's own schema and exchanged for a token. The same card
 * typed again gives the same token, so retrying a payment sends the very same request.
 */
export function useCardForm() {
  const form: CardForm = useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const tokens = useRef(new Map<string, CardToken>());
  /** The card's token, or null when a field is invalid (its message shows under the field). */
  const tokenize = async (): Promise<CardToken | null> => {
    let card: CardFormOutput | null = null;
    await form.handleSubmit((values) => {
      card = values;
    })();
    if (card === null) return null;
    const id = JSON.stringify(card);
    const known = tokens.current.get(id);
    if (known) return known;
    const token = await createCardToken(card);
    tokens.current.set(id, token);
    return token;
  };
  return { form, tokenize };
}

function TestCards({ terms }: { terms: PaymentTerms }) {
  const success = terms.testCards.find((card) => card.outcome === 'succeeds');
  return (
    <div className="rounded-control border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700">
      <p>
        <span className="font-semibold">Sandbox: no real money moves</span>
        {success && (
          <>
            ; try <span className="font-mono whitespace-nowrap">{success.number}</span> with any future expiry
            and any 3-digit code
          </>
        )}
        .
      </p>
      {terms.testCards.length > 1 && (
        <details className="mt-1">
          <summary className="cursor-pointer font-medium text-brand-800">All test cards</summary>
          <ul className="mt-1 space-y-0.5">
            {terms.testCards.map((card) => (
              <li key={card.number}>
                <span className="font-mono whitespace-nowrap">{card.number}</span>: {card.description}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** Card number, expiry and security code, with the sandbox's test cards as a hint. */
export function CardFields({ form, legend = 'Pay by card' }: { form: CardForm; legend?: string }) {
  const terms = useQuery(paymentTermsQuery);
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      {terms.isPending ? (
        <Spinner size="sm" label="Loading the payment terms..." />
      ) : terms.isError ? (
        <Alert>{errorMessage(terms.error)}</Alert>
      ) : terms.data.provider === 'sandbox' ? (
        <TestCards terms={terms.data} />
      ) : null}
      <InputField
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        error={errors.number?.message}
        {...register('number')}
      />
      <div className="grid grid-cols-2 gap-3">
        <InputField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          error={errors.expiry?.message}
          {...register('expiry')}
        />
        <InputField
          label="Security code"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="CVC"
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
    </fieldset>
  );
}
