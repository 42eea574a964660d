-- Decision 045: a stored file's bytes are kept out of line and uncompressed, so that serving a
-- slice of them reads only that slice. Applies to rows written from now on; rows already stored
-- keep their form and are served the same, compressed ones at some extra cost per slice.
ALTER TABLE "binary_files" ALTER COLUMN "data" SET STORAGE EXTERNAL;
