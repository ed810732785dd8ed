import { emailKinds, type NotificationSettings } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { CheckboxField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notificationSettingsQuery, useSaveNotificationSettings } from './queries.ts';

/** Settings page section: which e-mails Sciwise sends you, and the bell for new messages. */
export function NotificationSettingsCard() {
  const settings = useQuery(notificationSettingsQuery);
  const save = useSaveNotificationSettings();
  // Set in the click's own render: the mutation's pending state comes a render later, and in
  // between the controlled box showed the saved value again (a flicker a quick test could catch).
  const [saving, setSaving] = useState<NotificationSettings | null>(null);
  const shown: NotificationSettings | undefined = saving ?? settings.data;
  const change = (patch: Partial<NotificationSettings>) => {
    if (!shown) return;
    const next = { ...shown, ...patch };
    setSaving(next);
    save.mutate(next, { onSettled: () => setSaving(null) });
  };
  return (
    <Card
      title="Notifications"
      description="Which e-mails we send you. Each links straight to what it is about."
      id="notifications"
    >
      {settings.isPending ? (
        <Spinner size="sm" label="Loading your notification settings..." />
      ) : settings.isError ? (
        <Alert>{errorMessage(settings.error)}</Alert>
      ) : (
        <div className="space-y-3">
          {emailKinds.map(({ setting, label }) => (
            <CheckboxField
              key={setting}
              label={label}
              checked={shown?.[setting] ?? true}
              disabled={saving !== null}
              onChange={(event) => change({ [setting]: event.target.checked })}
            />
          ))}
          <CheckboxField
            label="Show new messages in the notification bell"
            checked={shown?.inAppMessages ?? true}
            disabled={saving !== null}
            onChange={(event) => change({ inAppMessages: event.target.checked })}
          />
        </div>
      )}
      {save.isError && <Alert className="mt-4">{errorMessage(save.error)}</Alert>}
      {save.isSuccess && (
        <Alert tone="success" className="mt-4">
          Your notification settings are saved.
        </Alert>
      )}
    </Card>
  );
}
