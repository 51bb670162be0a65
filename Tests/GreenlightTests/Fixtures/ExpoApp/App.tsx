import { Text } from "react-native";
import AsyncStorage from "@react-native-async-storage/async-storage";

export default function App() {
  AsyncStorage.setItem("seen", "1");
  return <Text>Spell Bee</Text>;
}
