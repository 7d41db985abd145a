// Shapes of the node's answers that the scene editor and the edit links read.

/** One picture of `GET /v1/pictures`. */
export interface PictureCandidate {
  id: string;
  name: string;
  kind: 'illustration' | 'icon' | 'flag';
  score: number;
  chosen: boolean;
  svg: string;
}

/** `GET /v1/pictures`. */
export interface PictureSearch {
  pictures: PictureCandidate[];
}

/** An item of `GET /v1/videos?parent_id=`: an edit made from a video. */
export interface EditListItem {
  id: string;
  status: string;
  prompt: string;
  created_at: string;
  parent_id?: string;
  edit?: { changes: string[] };
}

/** `GET /v1/videos?parent_id=`. */
export interface EditList {
  videos: EditListItem[];
  next_cursor: string | null;
}
