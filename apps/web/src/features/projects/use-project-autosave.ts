import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { registerPendingSave } from '../../lib/pending-saves.ts';
import { hasContent, storeLocalDraft, toDraft, type ProjectFormValues } from './project-form-values.ts';
import { createProject, saveProject } from './queries.ts';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/**
 * Keeps the form saved as the person types: in this browser while signed out, on the server
 * (created on the first words, then patched) once signed in. Saves run one after another, so
 * an older one never lands after a newer one.
 */
export function useProjectAutosave(
  values: ProjectFormValues,
  options: { signedIn: boolean; projectId: string | null; onCreated: (id: string) => void },
) {
  const { signedIn, onCreated } = options;
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const projectId = useRef(options.projectId);
  const chain = useRef<Promise<string | null>>(Promise.resolve(options.projectId));
  const lastSent = useRef(JSON.stringify(toDraft(values)));
  const latest = useRef(values);
  latest.current = values;

  const save = useCallback(
    (next: ProjectFormValues): Promise<string | null> => {
      if (!signedIn) {
        storeLocalDraft(next);
        setState('saved');
        return Promise.resolve(null);
      }
      const draft = toDraft(next);
      const body = JSON.stringify(draft);
      chain.current = chain.current.then(async () => {
        if (body === lastSent.current && projectId.current) {
          setState((current) => (current === 'saving' ? 'saved' : current));
          return projectId.current;
        }
        if (!projectId.current && !hasContent(next)) return null;
        setState('saving');
        try {
          if (projectId.current) await saveProject(projectId.current, draft);
          else {
            const created = await createProject(draft);
            projectId.current = created.id;
            onCreated(created.id);
          }
          lastSent.current = body;
          setState('saved');
          setError(null);
          return projectId.current;
        } catch (failure) {
          setState('error');
          setError(errorMessage(failure, 'We could not save your changes.'));
          // Null tells a caller waiting on flush() that the latest words are not on the server.
          return null;
        }
      });
      return chain.current;
    },
    [signedIn, onCreated],
  );

  const serialised = JSON.stringify(values);
  useEffect(() => {
    if (!signedIn) {
      storeLocalDraft(latest.current);
      return;
    }
    if (JSON.stringify(toDraft(latest.current)) === lastSent.current && projectId.current) return;
    const timer = window.setTimeout(() => void save(latest.current), 700);
    return () => window.clearTimeout(timer);
  }, [serialised, signedIn, save]);

  // Whatever is still unsent goes when the person signs out or leaves the form.
  useEffect(() => registerPendingSave(() => save(latest.current)), [save]);

  return { state, error, flush: () => save(latest.current), projectId: projectId.current };
}
