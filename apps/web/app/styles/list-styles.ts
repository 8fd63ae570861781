/**
 * The UI kit's stylesheets for the list kit (@esim/ui/list/list-view): imported by screens that show a list, so
 * other pages do not load them.
 */
import './form-styles';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Anchor.css';
