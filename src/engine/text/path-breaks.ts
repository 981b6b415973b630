/**
 * `text` split after each `/` inside a path ("lib/", "sinatra/", "version.rb"), for a view that
 * puts a line-break opportunity (`<wbr>`) between the parts: a narrow heading then wraps a long path
 * between its folders instead of before its last letter ("version.r" / "b"). Joined, the parts are
 * the text.
 */
export function splitAfterSlashes(text: string): string[] {
  return text.split(/(?<=[^\s/]\/)(?=[^\s/])/);
}
