import { cardName, SAVED_CARDS_MAX, type SavedCard } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { CheckboxField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { CardFields, useCardForm } from './card-fields.tsx';
import { savedCardsQuery, useMakeDefaultCard, useRemoveCard, useSaveCard } from './queries.ts';
import { SavedCardFace } from './saved-card-face.tsx';

/**
 * Payment Details: the cards a client keeps for funding milestones. The card processor holds
 * each card; the page shows what the server keeps (brand, last four, expiry, the default).
 */
export function SavedCardsSection() {
  const cards = useQuery(savedCardsQuery);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const list = cards.data?.cards ?? [];
  const full = list.length >= SAVED_CARDS_MAX;
  const hasUsableDefault = list.some((card) => card.isDefault && !card.expired);

  return (
    <Card
      id="saved-cards"
      title="Saved cards"
      description="Pay for milestones without typing your card again. The card processor keeps the card; Sciwise keeps only its brand, last four digits and expiry."
    >
      {cards.isPending ? (
        <Spinner label="Loading your saved cards..." />
      ) : cards.isError ? (
        <RetryAlert onRetry={cards.refetch}>
          {errorMessage(cards.error, 'We could not load your saved cards.')}
        </RetryAlert>
      ) : (
        <div className="space-y-4">
          {notice && (
            <Alert tone="success" title="Done">
              {notice}
            </Alert>
          )}
          {list.length === 0 ? (
            <p className="rounded-control border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              No saved cards yet. Add one here, or tick “Save this card” when you fund a milestone.
            </p>
          ) : (
            <>
              {!hasUsableDefault && (
                <Alert tone="warning">
                  You have no default card. Make one of your cards the default, or choose a card each time you
                  pay.
                </Alert>
              )}
              <ul aria-label="Saved cards" className="divide-y divide-slate-200">
                {list.map((card) => (
                  <SavedCardRow key={card.id} card={card} onChanged={setNotice} />
                ))}
              </ul>
            </>
          )}
          {adding ? (
            <AddCardForm
              first={list.length === 0}
              onDone={(message) => {
                setAdding(false);
                if (message) setNotice(message);
              }}
            />
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                onClick={() => {
                  setNotice(null);
                  setAdding(true);
                }}
                disabled={full}
                aria-describedby={full ? 'saved-cards-full' : undefined}
              >
                Add a card
              </Button>
              {full && (
                <p id="saved-cards-full" className="text-xs text-slate-600">
                  You have {SAVED_CARDS_MAX} saved cards, the most you can keep. Remove one to add another.
                </p>
              )}
            </div>
          )}
        </div>
      )}
    </Card>
  );
}

function SavedCardRow({ card, onChanged }: { card: SavedCard; onChanged: (message: string) => void }) {
  const makeDefault = useMakeDefaultCard();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <SavedCardFace card={card} />
        {makeDefault.isError && (
          <p role="alert" className="mt-1 text-xs font-medium text-danger-700">
            {errorMessage(makeDefault.error)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {!card.isDefault && !card.expired && (
          <Button
            size="sm"
            variant="secondary"
            loading={makeDefault.isPending}
            disabled={makeDefault.isPending}
            aria-label={`Make the ${cardName(card)} your default card`}
            onClick={() =>
              makeDefault.mutate(card.id, {
                onSuccess: (answer) => answer.message && onChanged(answer.message),
              })
            }
          >
            Make default
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Remove the ${cardName(card)}`}
          onClick={() => setConfirming(true)}
        >
          Remove
        </Button>
      </div>
      {confirming && (
        <RemoveCardDialog card={card} onClosed={() => setConfirming(false)} onRemoved={onChanged} />
      )}
    </li>
  );
}

function RemoveCardDialog({
  card,
  onClosed,
  onRemoved,
}: {
  card: SavedCard;
  onClosed: () => void;
  onRemoved: (message: string) => void;
}) {
  const remove = useRemoveCard();
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} onClose={onClosed} title={`Remove the ${cardName(card)}?`} showTitle>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          It will never be charged again. Milestones it has already paid for stay paid, and refunds still go
          back to it.
        </p>
        {card.isDefault && (
          <p className="text-sm text-slate-700">
            It is your default card: no other card becomes the default until you choose one.
          </p>
        )}
        {remove.isError && <Alert>{errorMessage(remove.error)}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep the card
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(card.id, {
                onSuccess: (answer) => {
                  if (answer.message) onRemoved(answer.message);
                  setOpen(false);
                },
              })
            }
          >
            Remove card
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** The sandbox card form the fund dialog uses; the card is exchanged for a token, then saved. */
function AddCardForm({ first, onDone }: { first: boolean; onDone: (message: string | null) => void }) {
  const card = useCardForm();
  const save = useSaveCard();
  const [makeDefault, setMakeDefault] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label="Add a card"
      className="space-y-4 rounded-control border border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        void (async () => {
          try {
            const token = await card.tokenize();
            if (!token) return;
            const answer = await save.mutateAsync({ paymentToken: token.token, makeDefault });
            onDone(answer.message);
          } catch (failure) {
            setError(failure);
          } finally {
            setBusy(false);
          }
        })();
      }}
    >
      <CardFields form={card.form} legend="Add a card" />
      {first ? (
        <p className="text-xs text-slate-600">Your first saved card becomes your default card.</p>
      ) : (
        <CheckboxField
          label="Make this my default card"
          checked={makeDefault}
          onChange={(event) => setMakeDefault(event.target.checked)}
        />
      )}
      {error !== null && <Alert title="The card was not saved">{errorMessage(error)}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={busy}>
          Save card
        </Button>
      </div>
    </form>
  );
}
