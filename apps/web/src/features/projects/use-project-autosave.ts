import { useRef } from 'react';
import { useSerialAutosave } from '../../lib/use-serial-autosave.ts';
import { hasContent, storeLocalDraft, toDraft, type ProjectFormValues } from './project-form-values.ts';
import { createProject, saveProject } from './queries.ts';

/**
 * Keeps the form saved as the person types: in this browser while signed out, on the server
 * (created on the first words, then patched) once signed in.
 */
export function useProjectAutosave(
  values: ProjectFormValues,
  options: { signedIn: boolean; projectId: string | null; onCreated: (id: string) => void },
) {
  const { signedIn, onCreated } = options;
  const projectId = useRef(options.projectId);
  const autosave = useSerialAutosave(values, {
    toDraft,
    send: async (draft) => {
      if (projectId.current) return saveProject(projectId.current, draft);
      const created = await createProject(draft);
      projectId.current = created.id;
      onCreated(created.id);
      return created;
    },
    // Until the project exists the server has none of the form, not even its starting values.
    initiallySaved: options.projectId !== null,
    // An empty form is not worth creating a project for.
    worthSending: (next) => projectId.current !== null || hasContent(next),
    keepLocally: signedIn ? undefined : storeLocalDraft,
    // As before the two autosaves were merged: "Saving…" from the request, not the keystroke,
    // and no save on unmount. Turning "saving" on early would leave an empty new form stuck on
    // "Saving…", because worthSending skips it without a state change.
    savingWhileDebouncing: false,
    flushOnUnmount: false,
  });

  return {
    state: autosave.state,
    error: autosave.error,
    // The project's id once the latest words are on the server, else null.
    flush: async () => ((await autosave.flush()) ? projectId.current : null),
    projectId: projectId.current,
  };
}
