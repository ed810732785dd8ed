import { dashboardPaths, type DashboardMode } from '@sciwise/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useUpdateProfile } from '../account/queries.ts';
import { useSignedInUser } from '../auth/queries.ts';

export { dashboardPaths, type DashboardMode };

export function modeFromPath(pathname: string): DashboardMode | null {
  if (pathname.startsWith(dashboardPaths.owner)) return 'owner';
  if (pathname.startsWith(dashboardPaths.freelancer)) return 'freelancer';
  return null;
}

/**
 * Spec §4: the mode is set from the path on entry. The last mode a person worked in is kept on
 * their account (PATCH /api/me), not in this browser, so their next sign-in, on any device, opens
 * the same dashboard; the profile pages without a mode in their path follow it.
 */
export function useDashboardMode(): [DashboardMode, (mode: DashboardMode) => void] {
  const { pathname } = useLocation();
  const user = useSignedInUser();
  const update = useUpdateProfile();
  const [mode, setMode] = useState<DashboardMode>(() => modeFromPath(pathname) ?? user.dashboardMode);
  // Entering a path with a mode sets it, while rendering that path (no second render with the old one).
  const [modeSetFor, setModeSetFor] = useState(pathname);
  if (pathname !== modeSetFor) {
    setModeSetFor(pathname);
    const fromPath = modeFromPath(pathname);
    if (fromPath) setMode(fromPath);
  }

  // Saved once per change: a failed save leaves the mode as it is on this page and is not retried
  // in a loop; the next change tries again.
  const saving = useRef<DashboardMode>(user.dashboardMode);
  const { mutate } = update;
  useEffect(() => {
    if (mode === saving.current) return;
    saving.current = mode;
    mutate({ dashboardMode: mode });
  }, [mode, mutate]);
  return [mode, setMode];
}
