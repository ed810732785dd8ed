import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

export type DashboardMode = 'freelancer' | 'owner';
export const dashboardPaths: Record<DashboardMode, string> = {
  freelancer: '/profile/freelancer-dashboard',
  owner: '/profile/project-owner-dashboard',
};
const STORAGE_KEY = 'dashboard_mode';

function modeFromPath(pathname: string): DashboardMode | null {
  if (pathname.startsWith(dashboardPaths.owner)) return 'owner';
  if (pathname.startsWith(dashboardPaths.freelancer)) return 'freelancer';
  return null;
}

function storedMode(): DashboardMode {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'owner' ? 'owner' : 'freelancer';
  } catch {
    return 'freelancer';
  }
}

/** Spec §4: the mode is set from the path on entry, and remembered for the other profile pages. */
export function useDashboardMode(): [DashboardMode, (mode: DashboardMode) => void] {
  const { pathname } = useLocation();
  const [mode, setMode] = useState<DashboardMode>(() => modeFromPath(pathname) ?? storedMode());
  useEffect(() => {
    const fromPath = modeFromPath(pathname);
    if (fromPath) setMode(fromPath);
  }, [pathname]);
  useEffect(() => {
    try {
      window.localStorage.setItem(STORAGE_KEY, mode);
    } catch {
      // Storage may be unavailable (private mode); the mode then lasts for this page only.
    }
  }, [mode]);
  return [mode, setMode];
}
