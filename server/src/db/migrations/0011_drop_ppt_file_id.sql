-- Slide files live in the file store as the result of their slides:file task (tasks.result); nothing reads ppt_tasks.file_id, and rows from before the engine keep their file_path.
ALTER TABLE "ppt_tasks" DROP COLUMN "file_id";
