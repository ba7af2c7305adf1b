import { diaryMediaUrlPrefix } from '#core/media/paths.js';
import { agentAs, buildDog, buildUser } from './factories.js';
import { storedUnder } from './media.js';
import type { TestApp } from './test-app.js';

/**
 * What the diary's upload tests start from: a signed-in user with a dog and one entry to add photos to, and
 * `files()`, the files stored under that dog's diary.
 */
export async function entryForUploads(t: TestApp) {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user });
  const agent = agentAs(t, user);
  const res = await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2025-06-15', text: 'Ausflug' }).expect(201);
  return { user, dog, agent, entryId: res.body.id as number, files: () => storedUnder(t.ctx, diaryMediaUrlPrefix(user.id, dog.id)) };
}
