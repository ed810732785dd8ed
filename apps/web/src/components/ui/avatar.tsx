import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { placeholderAvatarUrl } from '../../lib/placeholder-avatar.ts';

interface AvatarProps {
  name: string;
  email: string;
  src?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /** Decorative avatars sit next to the name already. */
  decorative?: boolean;
}

const sizes = { xs: 'size-6', sm: 'size-8', md: 'size-10', lg: 'size-16', xl: 'size-24' };

/** The user's picture, or a placeholder generated locally from the e-mail. */
export function Avatar({ name, email, src, size = 'md', className, decorative = true }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : placeholderAvatarUrl(email, name);
  return (
    <img
      src={usable}
      alt={decorative ? '' : `${name || email}'s profile picture`}
      onError={() => setFailed(src ?? null)}
      className={cn('shrink-0 rounded-full bg-slate-200 object-cover', sizes[size], className)}
    />
  );
}
