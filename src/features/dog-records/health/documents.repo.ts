import type { Db } from '#core/db/index.js';

/** The document behind a /media URL, with its dog's owner, for the file route's ownership check. */
export function findDocumentByUrl(db: Db, url: string) {
  return db
    .selectFrom('health_documents')
    .innerJoin('dogs', 'dogs.id', 'health_documents.dog_id')
    .select(['health_documents.id', 'health_documents.dog_id', 'health_documents.mime_type', 'health_documents.title', 'dogs.user_id'])
    .where('health_documents.url', '=', url)
    .executeTakeFirst();
}

/** The documents of these dogs with their dog's name, oldest first (the data export). */
export function documentsOfDogs(db: Db, dogIds: readonly number[]) {
  if (!dogIds.length) return Promise.resolve([]);
  return db
    .selectFrom('health_documents')
    .innerJoin('dogs', 'dogs.id', 'health_documents.dog_id')
    .select(['health_documents.id', 'health_documents.title', 'health_documents.url', 'dogs.name as dog_name'])
    .where('health_documents.dog_id', 'in', [...dogIds])
    .orderBy('health_documents.id')
    .execute();
}
