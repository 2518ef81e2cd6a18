// Mantine's styles, per component (not the whole library): the base first, then the components the first screens
// render. The overlays and what a single screen shows import their components' styles themselves, so those load with
// their code rather than before the first screens.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
// The portal theme's own values of those variables (vite.config.ts).
import 'virtual:okuu-theme.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Divider.css';
// The bases of the overlays stay here, ahead of the overlays' own styles (which load with their code), as the
// overlays' styles override some of theirs.
import '@mantine/core/styles/Popover.css';
// (The profile menu's too: it opens from the header, as soon as the portal shows.)
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/VisuallyHidden.css';
