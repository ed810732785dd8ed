import { cardName, SAVED_CARDS_MAX, type FundMilestoneRequest, type SavedCard } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { CheckboxField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { CardFields, useCardForm } from './card-fields.tsx';
import { savedCardsQuery } from './queries.ts';
import { SavedCardFace } from './saved-card-face.tsx';

const NEW_CARD = 'new';

/**
 * Which card pays: one of the payer's saved cards (the default chosen at first) or a new card,
 * which can be kept for next time. `paymentFor` answers the request body, or null when a new
 * card's fields are not valid yet (their messages show under the fields).
 */
export function usePayWithCard() {
  const cards = useQuery(savedCardsQuery);
  const card = useCardForm();
  const [chosen, setChosen] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const saved = cards.data?.cards ?? [];
  const usable = saved.filter((c) => !c.expired);
  const choice = chosen ?? usable.find((c) => c.isDefault)?.id ?? NEW_CARD;
  const roomToSave = saved.length < SAVED_CARDS_MAX;

  const paymentFor = async (): Promise<FundMilestoneRequest | null> => {
    if (choice !== NEW_CARD) return { savedCardId: choice };
    const token = await card.tokenize();
    if (!token) return null;
    return { paymentToken: token.token, saveCard: saveCard && roomToSave };
  };
  return { cards, saved, choice, setChosen, card, saveCard, setSaveCard, roomToSave, paymentFor };
}

type PayWith = ReturnType<typeof usePayWithCard>;

export function PayWithCard({ pay }: { pay: PayWith }) {
  const { cards, saved, choice } = pay;
  const newCard = choice === NEW_CARD;
  return (
    <div className="space-y-4">
      {cards.isPending ? (
        <Spinner size="sm" label="Loading your saved cards..." />
      ) : cards.isError ? (
        <Alert tone="warning">
          {errorMessage(cards.error, 'We could not load your saved cards.')} You can still pay with a new
          card.
        </Alert>
      ) : saved.length > 0 ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">Pay with</legend>
          <div className="space-y-2">
            {saved.map((card) => (
              <SavedCardOption
                key={card.id}
                card={card}
                checked={choice === card.id}
                onChoose={pay.setChosen}
              />
            ))}
            <label
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-control border px-3 py-2.5',
                newCard ? 'border-brand-600 bg-brand-50' : 'border-slate-200',
              )}
            >
              <input
                type="radio"
                name="pay-with"
                value={NEW_CARD}
                checked={newCard}
                onChange={() => pay.setChosen(NEW_CARD)}
                className="size-4 accent-brand-700"
              />
              <span className="text-sm font-medium text-slate-900">A new card</span>
            </label>
          </div>
        </fieldset>
      ) : null}
      {newCard && (
        <>
          <CardFields form={pay.card.form} legend={saved.length > 0 ? 'New card' : 'Pay by card'} />
          <CheckboxField
            label={
              pay.roomToSave
                ? 'Save this card in Payment Details for next time'
                : `Save this card (you already have ${SAVED_CARDS_MAX} saved cards, the most you can keep)`
            }
            checked={pay.saveCard && pay.roomToSave}
            disabled={!pay.roomToSave}
            onChange={(event) => pay.setSaveCard(event.target.checked)}
          />
        </>
      )}
    </div>
  );
}

function SavedCardOption({
  card,
  checked,
  onChoose,
}: {
  card: SavedCard;
  checked: boolean;
  onChoose: (id: string) => void;
}) {
  return (
    <label
      className={cn(
        'flex items-center gap-3 rounded-control border px-3 py-2.5',
        card.expired ? 'cursor-not-allowed border-slate-200 bg-slate-50' : 'cursor-pointer',
        checked ? 'border-brand-600 bg-brand-50' : !card.expired && 'border-slate-200',
      )}
    >
      <input
        type="radio"
        name="pay-with"
        value={card.id}
        checked={checked}
        disabled={card.expired}
        aria-label={`${cardName(card)}${card.expired ? ' (expired)' : card.isDefault ? ' (default)' : ''}`}
        onChange={() => onChoose(card.id)}
        className="size-4 accent-brand-700"
      />
      <SavedCardFace card={card} />
    </label>
  );
}
