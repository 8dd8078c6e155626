// TMDB in the editor: links and hover cards for the titles a file names, a link inserted while writing,
// and the title under the cursor opened (./editorDoors).
import { feature } from '../../core/feature';
import { EditorDoors } from './editorDoors';

export const editorFeature = feature((core) => {
  const { doors } = core;
  const editor = new EditorDoors({
    ...core,
    open: (ref) => doors.get('pages').open(ref),
    recent: () => doors.get('titles').recent(),
    pickTitle: (title) => doors.get('titles').pick(title),
  });
  core.keepsCache(() => editor.lookup.forget());
  return { commands: () => editor.handlers(), disposables: [editor], exposed: { editor } };
});
