-- store_message (migration 0008) found the sender's and the receiver's membership rows through the
-- inserted message's conversation, a join: its kept plan walked the person's memberships by
-- user_id (conversation_members_user_idx) and filtered on the conversation. Sciwise Concierge is
-- in every person's first conversation, so each message to or from it read one index entry per
-- person signed up. Naming the conversation itself lets the primary key find each row. Nothing
-- else changes.
-- In one statement: bumps the conversation's sequence, inserts the message (nothing when the
-- sender already used p_client_message_id), marks it read for the sender, starts the receiver's
-- unread e-mail clock, and notifies the receiver in-app when this is the first message they have
-- not read. Returns the stored message, or no row for a repeated client message id.
CREATE OR REPLACE FUNCTION store_message(
  p_conversation_id uuid,
  p_sender_id uuid,
  p_author_id uuid,
  p_receiver_id uuid,
  p_body text,
  p_client_message_id text,
  p_preview text,
  p_link text,
  p_notify_receiver boolean,
  p_email_delay interval,
  p_channel text
) RETURNS TABLE (
  id uuid,
  conversation_id uuid,
  seq bigint,
  sender_id uuid,
  body text,
  created_at timestamptz,
  client_message_id text,
  user_low_id uuid,
  user_high_id uuid
)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH bumped AS (
    UPDATE conversations SET last_seq = last_seq + 1, last_message_at = now()
     WHERE conversations.id = p_conversation_id
       AND NOT EXISTS (SELECT 1 FROM messages m
                        WHERE m.sender_id = p_sender_id AND m.client_message_id = p_client_message_id)
    RETURNING conversations.id, last_seq, conversations.user_low_id, conversations.user_high_id
  ), inserted AS (
    INSERT INTO messages (conversation_id, seq, sender_id, author_id, body, client_message_id)
    SELECT bumped.id, bumped.last_seq, p_sender_id, p_author_id, p_body, p_client_message_id
      FROM bumped
    RETURNING messages.id, messages.conversation_id, messages.seq, messages.sender_id, messages.body,
              messages.created_at, messages.client_message_id
  ), sender_side AS (
    UPDATE conversation_members cm SET last_read_seq = inserted.seq, email_due_at = NULL
      FROM inserted
     WHERE cm.conversation_id = p_conversation_id AND cm.user_id = p_sender_id
       AND inserted.conversation_id = cm.conversation_id
    RETURNING cm.user_id
  ), receiver_side AS (
    UPDATE conversation_members cm
       SET email_due_at = coalesce(cm.email_due_at, now() + p_email_delay)
      FROM inserted
     WHERE cm.conversation_id = p_conversation_id AND cm.user_id = p_receiver_id
       AND inserted.conversation_id = cm.conversation_id
    RETURNING cm.last_read_seq
  ), notified AS (
    INSERT INTO notifications (user_id, kind, title, body, link)
    SELECT p_receiver_id, 'message',
           'New message from ' || trim(sender.first_name || ' ' || sender.last_name),
           p_preview, p_link
      FROM inserted
      JOIN receiver_side ON receiver_side.last_read_seq = inserted.seq - 1
      JOIN users sender ON sender.id = p_sender_id
     WHERE p_notify_receiver
       AND NOT EXISTS (SELECT 1 FROM notification_settings s
                        WHERE s.user_id = p_receiver_id AND NOT s.in_app_messages)
    RETURNING notifications.id, notifications.user_id, notifications.kind, notifications.title,
              notifications.body, notifications.link, notifications.created_at
  ), announced AS (
    SELECT pg_notify(p_channel, notification_event(n.user_id, n.id, n.kind, n.title, n.body, n.link, n.created_at))
      FROM notified n
  )
  SELECT inserted.id, inserted.conversation_id, inserted.seq, inserted.sender_id, inserted.body,
         inserted.created_at, inserted.client_message_id, bumped.user_low_id, bumped.user_high_id
    FROM inserted, bumped
   -- The parts that write always run; a plain SELECT part runs only when read.
   WHERE (SELECT count(*) FROM announced) >= 0;
END
$$;
