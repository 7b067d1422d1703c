import {
  type ClassroomContent,
  removeSpeakerAvatar,
  saveClassroomContent,
  uploadSpeakerAvatar,
} from '../api/classroom';
import { type ClassroomDraft, classroomListsChanged, classroomPayload } from '../lib/classroom';

/**
 * Saves the classroom's speakers and agenda once the live is saved, then each speaker's new or removed
 * photo (a new speaker's id comes from the save: the answer lists the speakers in the draft's order).
 * `lists` false: the speakers and agenda were not saved; `avatars` false: some photo was not.
 */
export async function saveClassroom(
  liveId: string,
  saved: ClassroomDraft,
  draft: ClassroomDraft,
): Promise<{ lists: boolean; avatars: boolean; content?: ClassroomContent }> {
  const photos = draft.speakers.some((s) => s.avatarDraft?.file || s.avatarDraft?.remove);
  if (!classroomListsChanged(saved, draft) && !photos) return { lists: true, avatars: true };
  let content: ClassroomContent;
  try {
    content = await saveClassroomContent(liveId, classroomPayload(draft));
  } catch {
    return { lists: false, avatars: !photos };
  }
  let avatars = true;
  for (const [i, speaker] of draft.speakers.entries()) {
    const id = content.speakers[i]?.id;
    const change = speaker.avatarDraft;
    if (!id || !change) continue;
    try {
      if (change.file) content = await uploadSpeakerAvatar(liveId, id, change.file);
      else if (change.remove && speaker.id) content = await removeSpeakerAvatar(liveId, id);
    } catch {
      avatars = false;
    }
  }
  return { lists: true, avatars, content };
}
