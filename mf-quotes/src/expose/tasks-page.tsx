// Exposed as mf_quotes/TasksPage: the task catalogue (/tasks).
import { TasksPage } from '../features/tasks/components/tasks-page';

export default TasksPage;
