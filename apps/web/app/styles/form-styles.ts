/**
 * The UI kit's stylesheets for forms. Imported by form components only, so pages without a form do not load
 * them (DESIGN section 2: public pages import only the component styles they use).
 */
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
