import type { Generated } from 'kysely';

export interface FriendshipsTable {
  id: Generated<number>;
  requester_id: number;
  addressee_id: number;
  /** min(requester, addressee) and max: unique, so one row per pair in either direction. */
  user_low: number;
  user_high: number;
  /** 'pending' | 'accepted' */
  status: string;
  created_at: string;
  accepted_at: string | null;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  sender_id: number;
  recipient_id: number;
  pair_low: number;
  pair_high: number;
  text: string;
  created_at: string;
  read_at: string | null;
}

export interface ForumCategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  position: number;
}

export interface ForumThreadsTable {
  id: Generated<number>;
  category_id: number;
  /** null once the author's account is gone ("Gelöschtes Konto"). */
  user_id: number | null;
  title: string;
  locked: Generated<number>;
  hidden: Generated<number>;
  created_at: string;
  last_post_at: string;
}

export interface ForumPostsTable {
  id: Generated<number>;
  thread_id: number;
  user_id: number;
  body: string;
  is_opening: Generated<number>;
  hidden: Generated<number>;
  created_at: string;
  edited_at: string | null;
}

/** Friends, blocks, messages and the forum (areas friends, messages, forum). */
export interface CommunityTables {
  friendships: FriendshipsTable;
  blocks: BlocksTable;
  messages: MessagesTable;
  forum_categories: ForumCategoriesTable;
  forum_threads: ForumThreadsTable;
  forum_posts: ForumPostsTable;
}
