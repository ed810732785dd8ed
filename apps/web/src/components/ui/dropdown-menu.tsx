import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

export type MenuEntry =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'action'; label: string; onSelect: () => void; tone?: 'danger' };

interface DropdownMenuProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  triggerLabel: string;
  header?: ReactNode;
  entries: MenuEntry[];
  align?: 'start' | 'end';
  triggerClassName?: string;
}

/** Menu button pattern: Enter/Space/ArrowDown open it, arrows move, Escape closes and returns focus. */
export function DropdownMenu({
  trigger,
  triggerLabel,
  header,
  entries,
  align = 'end',
  triggerClassName,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  // The first item has the focus before the next key arrives, whichever renderer runs this (as in Modal).
  useLayoutEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    itemRefs.current[0]?.focus();
    // Focus shows the first item; the whole menu comes into view too. (jsdom has no scrollIntoView.)
    menuRef.current?.scrollIntoView?.({ block: 'nearest' });
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = itemRefs.current.filter((item): item is HTMLElement => item !== null);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const itemClass = (tone?: 'danger') =>
    cn(
      'block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none',
      tone === 'danger' ? 'text-danger-700' : 'text-slate-800',
    );

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open && (
        // The wrapper's transparent padding below the menu is room to scroll to: a menu opened
        // at the end of a scrolling pane (a chat's last message) shows whole, shadow and all.
        <div
          ref={menuRef}
          className={cn(
            'pointer-events-none absolute z-50 w-64 pt-2 pb-3',
            align === 'end' ? 'right-0' : 'left-0',
          )}
          onKeyDown={onMenuKeyDown}
        >
          <div className="pointer-events-auto overflow-hidden rounded-card border border-slate-200 bg-white py-1 shadow-pop">
            {header && <div className="border-b border-slate-200 px-4 py-3">{header}</div>}
            <div role="menu" id={menuId} aria-label={triggerLabel}>
              {entries.map((entry, index) =>
                entry.kind === 'link' ? (
                  <Link
                    key={entry.label}
                    ref={(node) => {
                      itemRefs.current[index] = node;
                    }}
                    role="menuitem"
                    tabIndex={-1}
                    to={entry.to}
                    onClick={() => setOpen(false)}
                    className={itemClass()}
                  >
                    {entry.label}
                  </Link>
                ) : (
                  <button
                    key={entry.label}
                    ref={(node) => {
                      itemRefs.current[index] = node;
                    }}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    onClick={() => {
                      // Focus goes back to the trigger first, so a dialog the action opens returns it there.
                      close(true);
                      entry.onSelect();
                    }}
                    className={itemClass(entry.tone)}
                  >
                    {entry.label}
                  </button>
                ),
              )}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
