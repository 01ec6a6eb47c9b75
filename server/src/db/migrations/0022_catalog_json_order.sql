ALTER TABLE "catalog_documents" ALTER COLUMN "content" SET DATA TYPE json USING "content"::json;
