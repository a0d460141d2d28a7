-- CreateIndex
CREATE INDEX "Document_status_source_idx" ON "Document"("status", "source");
