import type {
  CreatedContent,
  Directory,
  DirectorySettings,
  ProgressItem,
  Subtitle,
  SubtitlesJob,
  TotalLikes,
  UploadState,
  Video,
  VideoPage,
} from '@contract/videos';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { CreatedContentStruct } from '../api/create-content';
import type { TotalLikesStruct } from '../api/get-total-likes';
import type { VideoPageStruct } from '../api/list-videos';
import type { SubtitlesJobStruct } from '../api/start-subtitles-job';
import type {
  DirectorySettingsStruct,
  DirectoryStruct,
  ProgressItemStruct,
  SubtitleStruct,
  UploadStateStruct,
  VideoStruct,
} from '../api/structs';

// What the server answers (contract/videos.ts, which its TypeBox schemas equal) is what the console's
// structs accept, and the structs read no field the server does not send: a field renamed, retyped or
// dropped on either side fails the typecheck of this file (docs/decisions.md "One contract for both
// sides: `contract/`"). Where a struct is looser than the answer (a field the server always sends kept
// optional, or a field the console does not read left out),
// the answer must extend the struct and the struct's fields be among the answer's.
describe('the video library contract', () => {
  it('the structs equal the answers they read', () => {
    expectTypeOf<Infer<typeof UploadStateStruct>>().toEqualTypeOf<UploadState>();
    expectTypeOf<Infer<typeof DirectoryStruct>>().toEqualTypeOf<Directory>();
    expectTypeOf<Infer<typeof CreatedContentStruct>>().toEqualTypeOf<CreatedContent>();
  });

  it("the looser structs accept every answer and read only the answer's fields", () => {
    expectTypeOf<Video>().toExtend<Infer<typeof VideoStruct>>();
    expectTypeOf<keyof Infer<typeof VideoStruct>>().toEqualTypeOf<keyof Video>();
    expectTypeOf<VideoPage>().toExtend<Infer<typeof VideoPageStruct>>();
    expectTypeOf<keyof Infer<typeof VideoPageStruct>['pagination']>().toEqualTypeOf<
      keyof VideoPage['pagination']
    >();
    expectTypeOf<DirectorySettings>().toExtend<Infer<typeof DirectorySettingsStruct>>();
    expectTypeOf<keyof Infer<typeof DirectorySettingsStruct>>().toExtend<keyof DirectorySettings>();
    expectTypeOf<ProgressItem>().toExtend<Infer<typeof ProgressItemStruct>>();
    expectTypeOf<keyof Infer<typeof ProgressItemStruct>>().toEqualTypeOf<keyof ProgressItem>();
    expectTypeOf<Subtitle>().toExtend<Infer<typeof SubtitleStruct>>();
    expectTypeOf<keyof Infer<typeof SubtitleStruct>>().toEqualTypeOf<keyof Subtitle>();
    expectTypeOf<SubtitlesJob>().toExtend<Infer<typeof SubtitlesJobStruct>>();
    expectTypeOf<keyof Infer<typeof SubtitlesJobStruct>>().toExtend<keyof SubtitlesJob>();
    expectTypeOf<TotalLikes>().toExtend<Infer<typeof TotalLikesStruct>>();
    expectTypeOf<keyof Infer<typeof TotalLikesStruct>>().toExtend<keyof TotalLikes>();
  });
});
