// Held-out set 8: three kinds of repository no earlier set covers, a small Rust CLI (sharkdp/fd at ee20f42, src/ with
// one module per filter and the --exec machinery), a data-science Python package (mwaskom/seaborn at f04b6cd5, one
// module per kind of plot, the objects interface under seaborn/_core/ and _marks/, docs and a gallery of examples) and a
// TypeScript frontend app in a monorepo (excalidraw/excalidraw at 4872083c04, the editor under packages/, the hosted app
// under excalidraw-app/). Questions a newcomer would ask, labelled from the sources before any ranking on these trees
// was run; never tuned on.
import type { Labelled } from './retrieval-sets-more';

const fd = (files: string): RegExp => new RegExp(`^src\\/(${files})\\.rs$`);

export const FD: Labelled[] = [
  ['how does smart case decide whether a search is case-sensitive?', fd('main|regex_helper')],
  ['how is a glob pattern turned into a regular expression?', fd('main')],
  ['where are .fdignore and the global ignore file read?', fd('walk')],
  ['how does --exec run a command for each search result?', fd('exec\\/mod|exec\\/job|exec\\/command')],
  ['how are placeholders like {/} and {.} in a command template replaced?', fd('fmt\\/mod|exec\\/mod')],
  ['how does --exec-batch keep the command line under the argument limit?', fd('exec\\/mod')],
  ['how is the --size filter parsed?', fd('filter\\/size')],
  ['how are files filtered by modification time?', fd('filter\\/time')],
  ['how does the owner filter match the user and group?', fd('filter\\/owner')],
  ['how are results colored with LS_COLORS?', fd('output|main')],
  ['how are file names sanitized before printing to a terminal?', fd('sanitize')],
  ['how are hyperlinks to files printed?', fd('hyperlink|output')],
  ['how are entries sent from the walker threads to the printer?', fd('walk')],
  ['how does fd stop after the maximum number of results?', fd('walk')],
  ['how are empty files and directories detected?', fd('filesystem')],
  ['how is the exit code decided?', fd('exit_codes')],
  ['how is the default number of threads chosen?', fd('cli')],
  ['how does --type filter entries by file type?', fd('filetypes')],
  ['how are results sorted before they are printed?', fd('walk|dir_entry')],
  ['how are shell completions generated?', fd('main|cli')],
];

const sns = (files: string): RegExp => new RegExp(`^seaborn\\/(${files})\\.py$`);

export const SEABORN: Labelled[] = [
  ['how is the bandwidth of the kernel density estimate chosen?', sns('_statistics|external\\/kde')],
  ['how are histogram bin edges chosen?', sns('_statistics')],
  ['how are confidence intervals bootstrapped?', sns('algorithms')],
  ['how are error bars computed around an estimate?', sns('_statistics')],
  ['how are example datasets like tips downloaded and cached?', sns('utils')],
  ['how does despine remove the axes spines?', sns('utils')],
  ['how is a heatmap annotated with the cell values?', sns('matrix')],
  ['how does clustermap cluster the rows and columns?', sns('matrix')],
  ['how does regplot fit a lowess or logistic regression?', sns('regression')],
  ['how is a plot style like darkgrid applied?', sns('rcmod')],
  ['how are HUSL color palettes generated?', sns('palettes|external\\/husl')],
  ['how does FacetGrid map a plotting function onto each facet?', sns('axisgrid')],
  ['how does PairGrid draw the plots on the diagonal?', sns('axisgrid')],
  ['how are violins drawn in a violin plot?', sns('categorical')],
  ['how does the objects interface compile a Plot into a figure?', sns('_core\\/plot')],
  ['how are overlapping bars dodged?', sns('_core\\/moves')],
  ['how is the hue variable mapped to colors?', sns('_base|_core\\/properties')],
  ['how is a legend moved outside the axes?', sns('utils')],
  ['how is wide-form data converted to long form?', sns('_base')],
  ['how does a continuous scale set its tick locators?', sns('_core\\/scales')],
];

const exc = (files: string): RegExp => new RegExp(`^(${files})\\.tsx?$`);

export const EXCALIDRAW: Labelled[] = [
  ['how is a scene encrypted before it is shared by link?', exc('packages\\/excalidraw\\/data\\/(encryption|encode)|excalidraw-app\\/data\\/index')],
  ['how does collaboration send element updates to other users?', exc('excalidraw-app\\/collab\\/(Collab|Portal)')],
  ['how are remote and local elements reconciled?', exc('packages\\/excalidraw\\/data\\/reconcile')],
  ['how is the scene saved to local storage?', exc('excalidraw-app\\/data\\/(LocalData|localStorage)')],
  ['how are elbow arrows routed around shapes?', exc('packages\\/element\\/src\\/elbowArrow')],
  ['how are arrows bound to shapes?', exc('packages\\/element\\/src\\/binding')],
  ['how is text wrapped inside a container?', exc('packages\\/element\\/src\\/(textWrapping|textElement)')],
  [
    'how does undo and redo work?',
    exc('packages\\/excalidraw\\/history|packages\\/element\\/src\\/(store|delta)|packages\\/excalidraw\\/actions\\/actionHistory'),
  ],
  ['how is a scene exported to SVG?', exc('packages\\/excalidraw\\/scene\\/export|packages\\/excalidraw\\/renderer\\/staticSvgScene')],
  ['how are images uploaded to Firebase storage?', exc('excalidraw-app\\/data\\/(firebase|FileManager)')],
  ['how do elements snap to other elements while dragging?', exc('packages\\/excalidraw\\/snapping')],
  ['how does hit testing decide which element was clicked?', exc('packages\\/element\\/src\\/collision')],
  ['how are keyboard shortcuts mapped to actions?', exc('packages\\/excalidraw\\/actions\\/(shortcuts|manager)')],
  ['how is an element brought to the front?', exc('packages\\/element\\/src\\/zindex|packages\\/excalidraw\\/actions\\/actionZindex')],
  ['how are selected elements grouped?', exc('packages\\/element\\/src\\/groups|packages\\/excalidraw\\/actions\\/actionGroup')],
  ['how are fractional indices assigned to elements?', exc('packages\\/element\\/src\\/fractionalIndex')],
  [
    'how is a Mermaid diagram converted into elements?',
    exc('packages\\/excalidraw\\/components\\/TTDDialog\\/(MermaidToExcalidraw|common)|packages\\/excalidraw\\/mermaid'),
  ],
  ['how is pasted clipboard content parsed?', exc('packages\\/excalidraw\\/clipboard')],
  ['how is a saved .excalidraw file restored?', exc('packages\\/excalidraw\\/data\\/(restore|json)')],
  ['how is the interface language detected?', exc('excalidraw-app\\/app-language\\/language-detector')],
];
