-- Branches (issue 17): the message each message follows. '' = it opens the conversation; NULL = saved
-- before branches (it follows the previous message).
ALTER TABLE "messages" ADD COLUMN "parent_id" varchar(64);
