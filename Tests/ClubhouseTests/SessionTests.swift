import Clubhouse
import Testing
