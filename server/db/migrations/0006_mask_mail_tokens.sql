-- Reset and invitation links recorded before tokens were masked (issue 9, hole 9): Email History keeps no usable one.
UPDATE "sent_emails"
SET "text" = regexp_replace("text", '(/auth/(reset-password|accept-invitation)/)[A-Za-z0-9_-]+', '\1[hidden]', 'g')
WHERE "template" IN ('staff_password_reset', 'staff_invitation');
