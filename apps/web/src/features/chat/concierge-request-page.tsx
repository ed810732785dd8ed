import { MESSAGE_MAX_LENGTH } from '@sciwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuthModal } from '../auth/auth-modal-context.tsx';
import { useAuth } from '../auth/queries.ts';
import { PageHero } from '../../components/page-hero.tsx';
import { sendToConcierge } from './queries.ts';

/** Enough words for a person to start from; the rest can follow in the chat. */
const NEED_MIN_LENGTH = 20;

export interface ConciergeRequest {
  need: string;
  field: string;
  deadline: string;
  budget: string;
}

/** The request as the concierge reads it in their inbox: one message, labelled lines. */
export function conciergeRequestText(request: ConciergeRequest): string {
  const lines = ['Request for a shortlist of experts', '', request.need.trim()];
  const extra: Array<[string, string]> = [
    ['Field', request.field],
    ['Deadline', request.deadline],
    ['Budget', request.budget],
  ];
  const given = extra.filter(([, value]) => value.trim() !== '');
  if (given.length > 0) lines.push('', ...given.map(([label, value]) => `${label}: ${value.trim()}`));
  return lines.join('\n');
}

/**
 * "Get matched to an expert" and "Talk to a project manager": the problem in a few lines goes to
 * the concierge as a message, and the answer comes in Messages.
 */
export function ConciergeRequestPage() {
  const { status } = useAuth();
  const { openAuthModal } = useAuthModal();
  const navigate = useNavigate();
  const [request, setRequest] = useState<ConciergeRequest>({ need: '', field: '', deadline: '', budget: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (sent: ConciergeRequest) => sendToConcierge(conciergeRequestText(sent)),
    onSuccess: (conversationId) => navigate(`/chat?conversation=${conversationId}`),
  });
  const set = (key: keyof ConciergeRequest) => (value: string) =>
    setRequest((current) => ({ ...current, [key]: value }));
  const tooLong = conciergeRequestText(request).length > MESSAGE_MAX_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.need.trim().length < NEED_MIN_LENGTH) {
      setProblem('Tell us a little more about the problem: a sentence or two is enough.');
      return;
    }
    setProblem(null);
    // Signing in happens over this page, so what was typed here is still here afterwards.
    if (status !== 'signed-in') return openAuthModal('login', '/concierge/request');
    send.mutate(request);
  };

  return (
    <>
      <PageHero eyebrow="Concierge Services" title="Tell us the problem, we shortlist the experts">
        <p>
          A Sciwise project manager reads your request, asks what they need to know and sends you a shortlist
          of vetted experts, all in your Messages. There is no charge for the shortlist.
        </p>
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <form
          onSubmit={submit}
          noValidate
          className="space-y-5 rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-8"
        >
          <TextareaField
            id="concierge-need"
            label="What do you need?"
            rows={6}
            value={request.need}
            onChange={(event) => {
              set('need')(event.target.value);
              if (event.target.value.trim().length >= NEED_MIN_LENGTH) setProblem(null);
            }}
            error={problem ?? undefined}
            hint="The problem, what you have already tried, and what a good result looks like."
            placeholder="e.g. We need someone to validate a qPCR assay for a new viral target before our pilot in March."
          />
          <InputField
            label="Field or subject (optional)"
            value={request.field}
            maxLength={120}
            onChange={(event) => set('field')(event.target.value)}
            placeholder="e.g. Molecular diagnostics"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              label="Deadline (optional)"
              value={request.deadline}
              maxLength={80}
              onChange={(event) => set('deadline')(event.target.value)}
              placeholder="e.g. End of March"
            />
            <InputField
              label="Budget (optional)"
              value={request.budget}
              maxLength={80}
              onChange={(event) => set('budget')(event.target.value)}
              placeholder="e.g. $5,000–$10,000"
            />
          </div>
          {tooLong && (
            <Alert tone="warning">
              That is more than one message can hold ({MESSAGE_MAX_LENGTH.toLocaleString('en-US')}{' '}
              characters). Send the essentials; you can add the rest in the chat.
            </Alert>
          )}
          {send.isError && <Alert>{errorMessage(send.error)}</Alert>}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={send.isPending} disabled={send.isPending || tooLong}>
              {status === 'signed-in' ? 'Send to a project manager' : 'Sign in and send'}
            </Button>
            <p className="text-sm text-slate-600">You will find the answer in Messages.</p>
          </div>
        </form>
      </div>
    </>
  );
}
