import { useEffect, useRef } from 'react';
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
  // The last words are saved when the editor goes away too; a draft created by that save must
  // not pull the person back to the editor through onCreated.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const autosave = useSerialAutosave(values, {
    toDraft,
    send: async (draft, sending) => {
      if (projectId.current) return saveProject(projectId.current, draft, sending);
      const created = await createProject(draft, sending);
      projectId.current = created.id;
      if (mounted.current) onCreated(created.id);
      return created;
    },
    // Until the project exists the server has none of the form, not even its starting values.
    initiallySaved: options.projectId !== null,
    // An empty form is not worth creating a project for.
    worthSending: (next) => projectId.current !== null || hasContent(next),
    keepLocally: signedIn ? undefined : storeLocalDraft,
  });

  return {
    state: autosave.state,
    error: autosave.error,
    // The project's id once the latest words are on the server, else null.
    flush: async () => ((await autosave.flush()) ? projectId.current : null),
  };
}
