-- E-mail change (issue 13, ADR 0018): a token of purpose `email_change` carries the new address it confirms, one of
-- purpose `email_change_cancel` the address it replaces (the old address's "this wasn't me" link).

ALTER TABLE "user_tokens" ADD COLUMN "email" text;