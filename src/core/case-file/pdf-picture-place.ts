/*
 * Where a picture of case.pdf goes: kept on the page of its details, never pushed alone onto
 * the next page with half a page left blank behind it. A picture is drawn at the text's full
 * width when it can be (never larger than its own pixels as points), at most a page tall with
 * its caption. When it does not fit in what is left of the page, it goes to the next page (its
 * details with it), unless more than half of this page is still empty: then it is drawn here,
 * smaller, so no page but the last is more than half blank.
 */

/** What is left of the page below the writer's place, a whole page's text height, and the text's width. */
export interface PictureRoom {
  below: number
  page: number
  width: number
}

/** Points: a picture smaller than this is not worth keeping on a page; it goes to the next. */
export const MIN_PICTURE_HEIGHT = 120

export interface Placement {
  newPage: boolean
  w: number
  h: number
}

/**
 * `image` (its pixels) placed in `room`, after `before` points of details still to be written
 * above it, with `caption` points below it. `keepHere`: the details are written, so the
 * picture is drawn on this page whatever fits (a new page only when not even a sliver does).
 */
export function placePicture(
  image: { width: number; height: number },
  room: PictureRoom,
  o: { before: number; caption: number; keepHere: boolean },
): Placement {
  const scaleFor = (height: number) =>
    Math.min(1, room.width / image.width, Math.max(0, height) / image.height)
  const sized = (scale: number, newPage: boolean) => ({
    newPage,
    w: image.width * scale,
    h: image.height * scale,
  })
  const full = scaleFor(room.page - o.before - o.caption)
  const here = scaleFor(room.below - o.before - o.caption)
  if (here >= full) return sized(full, false)
  const enough = image.height * here >= Math.min(MIN_PICTURE_HEIGHT, image.height * full)
  if (enough && (o.keepHere || room.below > room.page / 2)) return sized(here, false)
  return sized(full, true)
}
